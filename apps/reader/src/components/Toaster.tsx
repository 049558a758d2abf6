import { useToastStore } from '@quire/client-state';
import { useEffect, useRef, useState } from 'react';

/** Shows the current toast; timed toasts hide themselves, pausing while the pointer is over them. */
export function Toaster() {
  const toast = useToastStore((s) => s.toast);
  const hide = useToastStore((s) => s.hide);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(0);
  useEffect(() => {
    remaining.current = typeof toast?.duration === 'number' ? toast.duration : 0;
  }, [toast]);
  useEffect(() => {
    if (!toast || typeof toast.duration !== 'number' || paused) return;
    const started = Date.now();
    const timer = setTimeout(hide, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [toast, paused, hide]);
  if (!toast) return null;
  return (
    <div
      className="q-toast"
      role="status"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      <span>{toast.message}</span>
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
