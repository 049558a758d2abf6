import uPlot from 'uplot';

/*
 * The stats pages' chart, drawn by uPlot (a small canvas chart library: about 20 KB gzipped) in a chunk of its
 * own that only stats pages load, after hydration. Colours come from the design system's variables, so the chart
 * follows the light or dark theme, and it is drawn again when the theme or its width changes.
 */

/** One line of the chart: its name and a value per day. */
export interface ChartLine {
  label: string;
  values: number[];
}

const HEIGHT = 220;

/** Axis numbers kept short: 12K, 1.2M. */
const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });

/** A design token's current value (tokens.css), read where the chart is. */
const token = (el: Element, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

function options(el: HTMLElement, lines: ChartLine[], label: string): uPlot.Options {
  const text = token(el, '--q-muted');
  const grid = token(el, '--q-border-strong');
  const colors = [token(el, '--q-accent'), token(el, '--q-text')];
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    title: undefined,
    width: Math.max(el.clientWidth, 240),
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    // Stats days are UTC days: the axis shows them as such, wherever the reader is.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [axis, { ...axis, size: 56, values: (_u, splits) => splits.map((n) => compact.format(n)) }],
    series: [
      { label },
      ...lines.map((line, i) => ({
        label: line.label,
        stroke: colors[i % colors.length],
        width: 2,
        points: { show: line.values.length <= 31 },
      })),
    ],
  };
}

/** Draws the lines over the days (YYYY-MM-DD) into `el`; answers how to take the chart down. */
export function drawChart(el: HTMLElement, days: string[], lines: ChartLine[], label: string): () => void {
  const data: uPlot.AlignedData = [
    days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
    ...lines.map((line) => line.values),
  ];
  let chart = new uPlot(options(el, lines, label), data, el);
  const redraw = () => {
    chart.destroy();
    chart = new uPlot(options(el, lines, label), data, el);
  };
  const resize = new ResizeObserver(() =>
    chart.setSize({ width: Math.max(el.clientWidth, 240), height: HEIGHT }),
  );
  resize.observe(el);
  const theme = matchMedia('(prefers-color-scheme: dark)');
  theme.addEventListener('change', redraw);
  return () => {
    resize.disconnect();
    theme.removeEventListener('change', redraw);
    chart.destroy();
  };
}
