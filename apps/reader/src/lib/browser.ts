import { BREAKPOINT_MIN_WIDTHS, isSitePath } from '@quire/domain';
import { useEffect, useState } from 'react';

/** A full-page navigation: the server sets or reads the session cookie on the way (sign-in, sign-out). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}

/**
 * Runs `work` once the browser is idle (within two seconds at the latest), in a task of its own, so what a
 * page loads after it starts never joins the task that finishes hydrating it. Returns a cancel function.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/** Spec §9 breakpoints: below `sm` (552px) is a narrow screen (xs). */
export const NARROW_SCREEN_QUERY = `(max-width: ${BREAKPOINT_MIN_WIDTHS.sm - 0.02}px)`;

/** Whether a media query matches; false on the server and until the first effect (hydration-safe). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Spec §4: Google sign-in is hidden in in-app browsers, whose webviews Google refuses to sign in from. */
export function isInAppBrowser(userAgent: string): boolean {
  return /FBAN|FBAV|FB_IAB|Instagram|Line\/|LinkedInApp|Twitter|Snapchat|Pinterest|MicroMessenger/i.test(
    userAgent,
  );
}

/** Whether this is an in-app browser; false on the server and until mounted (the usual case renders first). */
export function useInAppBrowser(): boolean {
  const [inApp, setInApp] = useState(false);
  useEffect(() => setInApp(isInAppBrowser(navigator.userAgent)), []);
  return inApp;
}

/** Loads a script once per URL; resolves when it has run. */
const scripts = new Map<string, Promise<void>>();
export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        scripts.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(el);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** A redirect target from a query string, kept only when it is a path on this site. */
export function safeRedirect(value: string | null): string | null {
  return isSitePath(value) ? value : null;
}
