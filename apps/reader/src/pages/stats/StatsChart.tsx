import { statsTexts as texts } from '@quire/domain';
import { useEffect, useRef, useState } from 'react';
import type { ChartLine } from './stats-chart';

/**
 * A daily chart. The server renders its frame (and the page its numbers as text); the chart library loads in
 * its own chunk after hydration and draws into the frame, so no other page loads it.
 */
export function StatsChart({ label, days, lines }: { label: string; days: string[]; lines: ChartLine[] }) {
  const frame = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const key = JSON.stringify([days, lines]);
  // The data's contents (key), not its identity, decide a redraw.
  useEffect(() => {
    let undraw: (() => void) | null = null;
    let gone = false;
    void import('./stats-chart').then(({ drawChart }) => {
      if (gone || !frame.current) return;
      undraw = drawChart(frame.current, days, lines, label);
      setDrawn(true);
    });
    return () => {
      gone = true;
      undraw?.();
    };
  }, [key, label]);
  return (
    <figure
      className="q-stats-chart"
      aria-label={label}
      data-testid="stats-chart"
      data-drawn={drawn || undefined}
    >
      {/* React leaves the frame's children to the chart library. */}
      <div ref={frame} className="q-stats-chart-frame" />
      {drawn ? null : <p className="q-stats-chart-wait">{texts.chartLoading}</p>}
      <figcaption>
        {lines.map((line, i) => (
          <span key={line.label} className={`q-stats-key q-stats-key-${i}`}>
            {line.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
