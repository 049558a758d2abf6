import { type ReactElement, type ReactNode, Suspense, use, useEffect, useRef, useState } from 'react';
import { whenIdle } from './browser';

/** The visitor's first input hydrates every deferred part at once, so nothing they touch waits for idle time. */
const INPUTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  done: boolean;
}

/** The parts the page's first hydration left for later, in document order. */
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

function defer(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  const part: Deferred = { promise, resolve, done: false };
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

/** The performance mark a deferred part leaves once it has hydrated: `hydrated-later:{name}`. */
export const HYDRATED_LATER_MARK = 'hydrated-later:';

function Gate({ name, part, children }: { name: string; part: Deferred | null; children: ReactNode }) {
  if (part && !part.done) use(part.promise);
  useEffect(() => {
    if (part) performance.mark(HYDRATED_LATER_MARK + name);
  }, [part, name]);
  return children;
}

/**
 * A part of a page that becomes interactive after the rest: the server renders it as usual, and in the browser
 * the runtime keeps that HTML (its links work) and hydrates it later, in tasks of its own: one deferred part per idle
 * moment after the page has hydrated, or all of them at the visitor's first input. For parts below the fold or
 * with little to click, like 'Read next' or a story's text. `name` labels its performance mark.
 */
export function HydrateLater({ name, children }: { name: string; children: ReactNode }) {
  // Only a part of the page's first hydration waits; the server, and anything rendered later, go straight through.
  // The part is kept here, outside the boundary: what suspends may lose its state before it renders again.
  const [part] = useState(() => (typeof window !== 'undefined' && hydrating ? defer() : null));
  const waiting = useRef<ReactElement | null>(null);
  const element = (
    <Suspense fallback={null}>
      <Gate name={name} part={part}>
        {children}
      </Gate>
    </Suspense>
  );
  if (!part || part.done) {
    waiting.current = null;
    return element;
  }
  // While it waits, the same element each time: a render of the page around it leaves the kept HTML alone
  // (rendered again while waiting, the runtime would build the part anew beside its server HTML).
  waiting.current ??= element;
  return waiting.current;
}
