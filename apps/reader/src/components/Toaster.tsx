import { type Toast, useToastStore } from '@quire/client-state';
import { TOAST_DURATION_NEXTPAGE } from '@quire/domain';
import { useEffect, useRef, useState } from 'react';
import { usePageLocation } from '../lib/location';

/** One toast on screen: a timed toast hides itself after its ms, pausing while the pointer is over it. */
function ToastView({ toast, hide }: { toast: Toast; hide: () => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(typeof toast.duration === 'number' ? toast.duration : 0);
  useEffect(() => {
    if (typeof toast.duration !== 'number' || paused) return;
    const started = Date.now();
    const timer = setTimeout(hide, Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [toast, paused, hide]);
  return (
    <div
      className="q-toast"
      role="status"
      data-toast-style={toast.toastStyle}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      <span>{toast.message}</span>
      {toast.link ? <a href={toast.link.href}>{toast.link.label}</a> : null}
      {toast.action ? (
        <button
          type="button"
          className="q-link-button"
          onClick={() => {
            toast.action?.run();
            hide();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Spec §4 Toasts: one at a time (a new toast replaces the current one, with a fresh timer); FOREVER never
 * hides by itself; NEXTPAGE hides on the next location change; timed toasts hide after their ms.
 */
export function Toaster() {
  const toast = useToastStore((s) => s.toast);
  const hide = useToastStore((s) => s.hide);
  const location = usePageLocation();
  const here = `${location.pathname}${location.search}`;
  // Where each toast was first shown: a NEXTPAGE toast belongs to that location only.
  const shownAt = useRef(new WeakMap<Toast, string>());
  if (toast && !shownAt.current.has(toast)) shownAt.current.set(toast, here);
  const stale = !!toast && toast.duration === TOAST_DURATION_NEXTPAGE && shownAt.current.get(toast) !== here;
  useEffect(() => {
    if (stale && toast && useToastStore.getState().toast === toast) hide();
  }, [stale, toast, hide]);
  if (!toast || stale) return null;
  // Keyed by the toast itself: a replacement starts with its own timer and pause state.
  return <ToastView key={toastKey(toast)} toast={toast} hide={hide} />;
}

const keys = new WeakMap<Toast, number>();
let nextKey = 0;
function toastKey(toast: Toast): number {
  let key = keys.get(toast);
  if (key === undefined) {
    key = nextKey++;
    keys.set(toast, key);
  }
  return key;
}
