import { type ReactNode, Suspense, use, useId } from 'react';
import { whenIdle } from './browser';

/** The visitor's first input hydrates every deferred part at once, so nothing they touch waits for idle time. */
const INPUTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  done: boolean;
}

/** The parts the page's first hydration left for later, by their `useId`, in document order. */
const parts = new Map<string, Deferred>();
const queue: Deferred[] = [];
/** True in the browser until the page's first hydration has committed (App calls `pageHydrated`). */
let hydrating = typeof window !== 'undefined';
let draining = false;

function release(part: Deferred) {
  if (part.done) return;
  part.done = true;
  part.resolve();
}

/** Each idle moment hydrates one deferred part: no one task hydrates them all. */
function drain() {
  if (draining) return;
  draining = true;
  const step = () => {
    const part = queue.shift();
    if (part) release(part);
    if (queue.length) whenIdle(step);
    else draining = false;
  };
  whenIdle(step);
}

function releaseAll() {
  for (const type of INPUTS) removeEventListener(type, releaseAll, true);
  for (const part of queue.splice(0)) release(part);
}

function defer(id: string): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  const part: Deferred = { promise, resolve, done: false };
  parts.set(id, part);
  if (!queue.length)
    for (const type of INPUTS) addEventListener(type, releaseAll, { capture: true, passive: true });
  queue.push(part);
  return part;
}

/** The page's first hydration has committed: the deferred parts start to hydrate, one per idle moment. */
export function pageHydrated(): void {
  hydrating = false;
  if (queue.length) drain();
}

function Gate({ children }: { children: ReactNode }) {
  const id = useId();
  // Only a part of the page's first hydration waits; the server, and anything rendered later, go straight through.
  if (typeof window !== 'undefined') {
    const part = parts.get(id) ?? (hydrating ? defer(id) : undefined);
    if (part && !part.done) use(part.promise);
  }
  return children;
}

/**
 * A part of a page that becomes interactive after the rest: the server renders it as usual, and in the browser
 * React keeps that HTML (its links work) and hydrates it later, in tasks of its own: one deferred part per idle
 * moment after the page has hydrated, or all of them at the visitor's first input. For parts below the fold or
 * with little to click, like 'Read next' or a story's text.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
