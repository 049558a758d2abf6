import { useRef, useState } from 'react';

/**
 * One server call at a time for a form: `busy` disables its buttons, and a ref (not the state, which updates
 * a render later) stops a double click from starting a second call. A thrown error (network) calls `onError`.
 */
export function useSingleFlight(onError: () => void) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await task();
    } catch {
      onError();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}
