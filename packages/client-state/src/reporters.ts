/**
 * Spec §9 Reporters and §7 client metrics: the event, error and metrics reporters. Transport is
 * injected (`send`), so the queue rules are testable without a network.
 */
import {
  type AnalyticsEventInput,
  type ErrorReport,
  LITE_CLIENT_NAME,
  type MetricsEvent,
  type MetricsReport,
  REPORTER_LIMITS,
  TELEMETRY_LIMITS,
  type TelemetryData,
  TIMERS_MS,
} from '@quire/domain';

// ---------------------------------------------------------------------------------------------------------
// Event reporter
// ---------------------------------------------------------------------------------------------------------

export interface EventReporterOptions {
  /** Posts one batch (≤ TELEMETRY_LIMITS.analyticsEventsMax events); `unload` asks for keepalive delivery. */
  send: (events: AnalyticsEventInput[], opts: { unload: boolean }) => void;
  /** Delivers one batch while the page unloads; returns false when it could not (e.g. navigator.sendBeacon). */
  beacon?: ((events: AnalyticsEventInput[]) => boolean) | undefined;
  now?: () => number;
  /** The "base second unit"; the reporter flushes after 5 of them. */
  baseSecondMs?: number;
  maxHeld?: number;
}

export interface EventReporter {
  track(key: AnalyticsEventInput['key'], data?: TelemetryData): void;
  /** Sends everything held at once (page unload). */
  flushNow(): void;
  /** How many events wait to be sent. */
  readonly size: number;
}

/** Spec §9: flushes 5 base seconds after the first held event; holds at most 1000 (oldest dropped). */
export function createEventReporter({
  send,
  beacon,
  now = Date.now,
  baseSecondMs = 1000,
  maxHeld = REPORTER_LIMITS.eventQueueMax,
}: EventReporterOptions): EventReporter {
  let held: AnalyticsEventInput[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const drain = (unload: boolean) => {
    if (timer) clearTimeout(timer);
    timer = null;
    const events = held;
    held = [];
    for (let i = 0; i < events.length; i += TELEMETRY_LIMITS.analyticsEventsMax) {
      const batch = events.slice(i, i + TELEMETRY_LIMITS.analyticsEventsMax);
      try {
        if (unload && beacon?.(batch)) continue;
        send(batch, { unload });
      } catch {
        // Telemetry never breaks the page.
      }
    }
  };

  return {
    track(key, data = {}) {
      held.push({ key, data, type: 'e', timestamp: now() });
      if (held.length > maxHeld) held.splice(0, held.length - maxHeld);
      timer ??= setTimeout(() => drain(false), REPORTER_LIMITS.eventFlushAfterSeconds * baseSecondMs);
    },
    flushNow: () => drain(true),
    get size() {
      return held.length;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Error reporter
// ---------------------------------------------------------------------------------------------------------

export interface ErrorReporterOptions {
  send: (reports: ErrorReport[]) => void;
  now?: () => number;
}

export interface ErrorReporter {
  report(error: unknown, extra?: Pick<ErrorReport, 'url' | 'line' | 'column'>): void;
  /** Reports accepted so far on this page. */
  readonly accepted: number;
}

const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

/** Spec §9: queues at most 10, accepts at most 50 per page, sends 5 s after the first queued report. */
export function createErrorReporter({ send, now = Date.now }: ErrorReporterOptions): ErrorReporter {
  let queue: ErrorReport[] = [];
  let accepted = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const reports = queue;
    queue = [];
    if (!reports.length) return;
    try {
      send(reports);
    } catch {
      // Telemetry never breaks the page.
    }
  };

  return {
    report(error, extra = {}) {
      if (accepted >= REPORTER_LIMITS.errorReportsPerPageMax || queue.length >= REPORTER_LIMITS.errorQueueMax)
        return;
      accepted += 1;
      const err = error instanceof Error ? error : null;
      const message =
        cut(err ? err.message || err.name : String(error), TELEMETRY_LIMITS.valueLength) || 'Error';
      queue.push({
        message,
        ...(err?.name ? { name: cut(err.name, TELEMETRY_LIMITS.keyLength) } : {}),
        ...(err?.stack ? { stack: cut(err.stack, TELEMETRY_LIMITS.stackLength) } : {}),
        ...(extra.url ? { url: cut(extra.url, TELEMETRY_LIMITS.valueLength) } : {}),
        ...(extra.line != null && extra.line >= 0 ? { line: Math.floor(extra.line) } : {}),
        ...(extra.column != null && extra.column >= 0 ? { column: Math.floor(extra.column) } : {}),
        timestamp: now(),
      });
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, REPORTER_LIMITS.errorSendAfterMs);
      }
    },
    get accepted() {
      return accepted;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Metrics reporter
// ---------------------------------------------------------------------------------------------------------

/** The slice of the browser's performance API the metrics reporter reads (injectable for tests). */
export interface MetricsEnvironment {
  PerformanceObserver?:
    | {
        new (
          callback: (list: { getEntries(): PerformanceEntry[] }) => void,
        ): { observe(options: { type: string; buffered?: boolean }): void; disconnect(): void };
        readonly supportedEntryTypes?: readonly string[];
      }
    | undefined;
  now: () => number;
}

export interface MetricsReporterOptions {
  send: (report: MetricsReport) => void;
  /** The metrics route name (see metricsRouteName). */
  route: string;
  version?: string;
  env?: MetricsEnvironment;
  /** When to send what was collected, after start (ms). */
  sendAfterMs?: number;
}

export interface MetricsReporter {
  /** Sends the collected events now (also on page hide); later calls send only what is new. */
  flush(): void;
  stop(): void;
}

const round = (n: number) => Math.round(n * 10) / 10;

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
interface EventTiming extends PerformanceEntry {
  processingStart: number;
}

/** Spec §7: collects fcp, lcp, fid, cls, nav timing and sampled resource timings into the metrics body. */
export function createMetricsReporter({
  send,
  route,
  version = '1',
  env = typeof window === 'undefined'
    ? { now: () => 0 }
    : { PerformanceObserver: window.PerformanceObserver, now: () => performance.now() },
  sendAfterMs = 10_000,
}: MetricsReporterOptions): MetricsReporter {
  const events: MetricsEvent[] = [];
  const observers: { disconnect(): void }[] = [];
  const push = (type: string, data: TelemetryData) => {
    if (events.length < TELEMETRY_LIMITS.metricsEventsMax) events.push({ type, data: { route, ...data } });
  };
  let cls = 0;
  let lcp: number | null = null;
  const started = env.now();

  const Observer = env.PerformanceObserver;
  const supported = Observer?.supportedEntryTypes ?? [];
  const observe = (type: string, onEntry: (entry: PerformanceEntry) => void) => {
    if (!Observer || !supported.includes(type)) return;
    try {
      const observer = new Observer((list) => {
        for (const entry of list.getEntries()) onEntry(entry);
      });
      observer.observe({ type, buffered: true });
      observers.push(observer);
    } catch {}
  };

  if (!Observer) {
    push('unsupported', {});
  } else {
    observe('paint', (e) => {
      if (e.name === 'first-contentful-paint') push('fcp', { value: round(e.startTime) });
    });
    observe('largest-contentful-paint', (e) => {
      lcp = e.startTime;
    });
    observe('layout-shift', (e) => {
      const shift = e as LayoutShift;
      if (!shift.hadRecentInput) cls += shift.value;
    });
    observe('first-input', (e) => {
      push('fid', { value: round((e as EventTiming).processingStart - e.startTime) });
    });
    observe('navigation', (e) => {
      const nav = e as PerformanceNavigationTiming;
      push('nav', {
        ttfb: round(nav.responseStart),
        domInteractive: round(nav.domInteractive),
        domContentLoaded: round(nav.domContentLoadedEventEnd),
        load: round(nav.loadEventEnd),
        transferSize: nav.transferSize ?? 0,
      });
    });
    // Spec §7: resource sampling stops after 2500 ms.
    observe('resource', (e) => {
      if (
        e.startTime > TIMERS_MS.resourceSamplingStop ||
        env.now() - started > TIMERS_MS.resourceSamplingStop
      )
        return;
      const name = e.name.length > 300 ? e.name.slice(0, 300) : e.name;
      push('timing.resource', { name, start: round(e.startTime), duration: round(e.duration) });
    });
    push('ready', { at: round(started) });
  }

  let sentFinals = false;
  const flush = () => {
    if (!sentFinals) {
      sentFinals = true;
      if (lcp != null) push('lcp', { value: round(lcp) });
      if (Observer) push('cls', { value: Math.round(cls * 1000) / 1000 });
    }
    const batch = events.splice(0);
    if (!batch.length) return;
    try {
      send({ client: { name: LITE_CLIENT_NAME, version }, events: batch });
    } catch {}
  };
  const timer = setTimeout(flush, sendAfterMs);

  return {
    flush,
    stop() {
      clearTimeout(timer);
      for (const o of observers) o.disconnect();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Transport
// ---------------------------------------------------------------------------------------------------------

/**
 * POSTs a telemetry body with same-origin credentials, the anti-forgery header and keepalive (so it
 * survives page unload, where navigator.sendBeacon could not carry the header); failures are ignored.
 */
export function postTelemetry(
  path: string,
  body: unknown,
  xsrf: string | null,
  headers: Record<string, string> = {},
) {
  if (typeof fetch !== 'function') return;
  const json = JSON.stringify(body);
  fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    // Browsers cap keepalive bodies at 64 KiB.
    keepalive: json.length < 60_000,
    headers: { 'content-type': 'application/json', ...(xsrf ? { 'x-xsrf-token': xsrf } : {}), ...headers },
    body: json,
  }).catch(() => {});
}
