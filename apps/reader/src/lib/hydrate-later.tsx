import { type ReactNode, Suspense, use } from 'react';
import { whenIdle } from './browser';

/** The visitor's first input hydrates every deferred part at once, so nothing they touch waits for idle time. */
const INPUTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

let released: Promise<void> | null = null;
let done = false;

/** Resolves when the browser is first idle after the page started, or at the visitor's first input. */
function release(): Promise<void> {
  released ??= new Promise<void>((resolve) => {
    const finish = () => {
      if (done) return;
      done = true;
      cancel();
      for (const type of INPUTS) removeEventListener(type, finish, true);
      resolve();
    };
    const cancel = whenIdle(finish);
    for (const type of INPUTS) addEventListener(type, finish, { capture: true, passive: true });
  });
  return released;
}

function Gate({ children }: { children: ReactNode }) {
  // Only the browser's first render waits: the server, and any render after the release, go straight through.
  if (typeof window !== 'undefined' && !done) use(release());
  return children;
}

/**
 * A part of a page that becomes interactive after the rest: the server renders it as usual, and in the browser
 * React keeps that HTML (its links work) and hydrates it once the browser is idle, in tasks of its own, so the
 * page's first hydration is shorter. For parts below the fold that are mostly links, like 'Read next'.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
