import { describe, expect, it } from 'vitest';
import { useClapStore } from '../src/claps';

describe('clap counts per post (spec §3 client state: set or cleared)', () => {
  it('keeps each story apart, replaces a story on set, and forgets it on clear', () => {
    const store = useClapStore.getState();
    store.set('a', { clapCount: 5, viewerClapCount: 1, viewerHasClappedSinceFetch: true });
    store.set('b', { clapCount: 2, viewerClapCount: 0, viewerHasClappedSinceFetch: false });
    store.set('a', { clapCount: 6, viewerClapCount: 2, viewerHasClappedSinceFetch: true });
    expect(useClapStore.getState().byPost).toEqual({
      a: { clapCount: 6, viewerClapCount: 2, viewerHasClappedSinceFetch: true },
      b: { clapCount: 2, viewerClapCount: 0, viewerHasClappedSinceFetch: false },
    });
    useClapStore.getState().clear('a');
    expect(Object.keys(useClapStore.getState().byPost)).toEqual(['b']);
  });
});
