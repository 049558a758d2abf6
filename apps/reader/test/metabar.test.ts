import { describe, expect, it } from 'vitest';
import { type MetabarScroll, nextMetabarScroll } from '../src/components/useScrollDirection';

/** Scrolls through offsets in turn, returning whether the bar is hidden after each one. */
function scroll(offsets: number[], opts: Parameters<typeof nextMetabarScroll>[2] = {}): boolean[] {
  let state: MetabarScroll = { hidden: false, lastY: 0, upDistance: 0 };
  return offsets.map((y) => {
    state = nextMetabarScroll(state, y, opts);
    return state.hidden;
  });
}

describe('metabar scroll rule (spec §4)', () => {
  it('stays while scrolling down within 25px, hides past it', () => {
    expect(scroll([10, 25, 26])).toEqual([false, false, true]);
  });

  it('comes back on scrolling up only once within 25px of the top', () => {
    expect(scroll([400, 300, 100, 26, 25])).toEqual([true, true, true, true, false]);
  });

  it('in aggressive mode also comes back after scrolling up 25px or more anywhere', () => {
    expect(scroll([400, 390, 375], { aggressive: true })).toEqual([true, true, false]);
    // Scrolling down again resets the distance scrolled up.
    expect(scroll([400, 390, 500, 480], { aggressive: true })).toEqual([true, true, true, true]);
  });

  it('never hides while locked', () => {
    expect(scroll([100, 400, 800], { locked: true })).toEqual([false, false, false]);
  });
});
