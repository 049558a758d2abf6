import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreloadController, PRELOADABLE_ROUTES, preloadUrl } from '../src/lib/preload';
import { routeFor } from '../src/routes';

describe('link preloading (spec §2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('preloads after 100ms of hover', () => {
    const prefetch = vi.fn();
    const c = createPreloadController({ prefetch });
    c.pointerEnter();
    vi.advanceTimersByTime(99);
    expect(prefetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the pointer leaves before the delay', () => {
    const prefetch = vi.fn();
    const c = createPreloadController({ prefetch, delayMs: 100 });
    c.pointerEnter();
    vi.advanceTimersByTime(60);
    c.pointerLeave();
    vi.advanceTimersByTime(500);
    expect(prefetch).not.toHaveBeenCalled();
    // A later hover starts a fresh 100ms wait.
    c.pointerEnter();
    vi.advanceTimersByTime(100);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('preloads at once on focus and on render, and only once per link', () => {
    const focused = vi.fn();
    const a = createPreloadController({ prefetch: focused });
    a.pointerEnter();
    a.focus();
    expect(focused).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    a.pointerEnter();
    vi.advanceTimersByTime(1000);
    expect(focused).toHaveBeenCalledTimes(1);

    const rendered = vi.fn();
    createPreloadController({ prefetch: rendered }).render();
    expect(rendered).toHaveBeenCalledTimes(1);
  });

  it('cancels a pending hover on dispose', () => {
    const prefetch = vi.fn();
    const c = createPreloadController({ prefetch });
    c.pointerEnter();
    c.dispose();
    vi.advanceTimersByTime(1000);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('preloads same-origin links to the preloadable pages only', () => {
    const origin = 'https://quire.test';
    expect(preloadUrl('https://elsewhere.test/p/abc', origin)).toBeNull();
    const name = (href: string) => routeFor(preloadUrl(href, origin)?.pathname ?? '').route.name;
    expect(name('/')).toBe('ShowHome');
    expect(name(`${origin}/@ada/a-story-0123456789ab`)).toBe('ShowPostUnderUser');
    expect(name('/p/0123456789ab')).toBe('ShowPost');
    expect(name('/me/stories/public')).toBe('ShowYourStories');
    for (const n of ['ShowHome', 'ShowPost', 'ShowPostUnderUser', 'ShowYourStories']) {
      expect(PRELOADABLE_ROUTES.has(n)).toBe(true);
    }
    expect(PRELOADABLE_ROUTES.has('ShowSignin')).toBe(false);
  });
});
