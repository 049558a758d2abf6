import { Plugin } from 'prosemirror-state';

/** Measures kept before the oldest are dropped, so a long writing session does not grow the buffer forever. */
const MAX_MEASURES = 10_000;

/**
 * Keystroke-to-paint latency for the editor bench: a 'keystroke-start' mark when a key or text input reaches
 * the view, a 'keystroke-paint' mark in the first animation frame after the view has updated for it, and a
 * 'keystroke' measure between the two (read with performance.getEntriesByName('keystroke', 'measure')).
 * Goes first among the plugins, so no keymap handles a key before it is timed.
 */
export function keystrokeTimingPlugin(): Plugin {
  let start: PerformanceMark | null = null;
  let measures = 0;
  const onInput = () => {
    start = performance.mark('keystroke-start');
    return false;
  };
  return new Plugin({
    props: { handleKeyDown: onInput, handleTextInput: onInput },
    view: () => ({
      update(view, prevState) {
        if (!start || view.state === prevState) return;
        const began = start.startTime;
        start = null;
        requestAnimationFrame(() => {
          const paint = performance.mark('keystroke-paint');
          if (++measures > MAX_MEASURES) {
            performance.clearMeasures('keystroke');
            performance.clearMarks('keystroke-start');
            performance.clearMarks('keystroke-paint');
            measures = 1;
          }
          performance.measure('keystroke', { start: began, end: paint.startTime });
        });
      },
    }),
  });
}
