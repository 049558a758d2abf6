import {
  createErrorReporter,
  createEventReporter,
  createMetricsReporter,
  postTelemetry,
  setAnalyticsReporter,
} from '@quire/client-state';
import {
  CLIENT_NAME_HEADER,
  ERRORS_PATH,
  EVENTS_PATH,
  LITE_CLIENT_NAME,
  METRICS_REPORT_PATH,
  metricsRouteName,
} from '@quire/domain';

/** An uncaught error or rejection the page saw, with where it came from when the browser says. */
export interface SeenError {
  error: unknown;
  at?: { url: string; line: number; column: number };
}

/**
 * Spec §7/§9 telemetry, in a chunk of its own that loads once the page is hydrating: web vitals to the
 * metrics endpoint, analytics events batched; reports the uncaught errors seen before it loaded, and returns
 * the reporter for those after.
 */
export function startTelemetry(opts: {
  routeName: string;
  xsrf: () => string | null;
  seen: SeenError[];
}): (error: SeenError) => void {
  const { xsrf } = opts;
  const errors = createErrorReporter({ send: (reports) => postTelemetry(ERRORS_PATH, reports, xsrf()) });
  const metrics = createMetricsReporter({
    route: metricsRouteName(opts.routeName),
    send: (report) =>
      postTelemetry(METRICS_REPORT_PATH, report, xsrf(), { [CLIENT_NAME_HEADER]: LITE_CLIENT_NAME }),
  });
  // Spec §7 analytics events, batched; the common data says where the page was and how wide.
  const events = createEventReporter({
    send: (batch) =>
      postTelemetry(
        EVENTS_PATH,
        {
          common: {
            service: LITE_CLIENT_NAME,
            location: window.location.href.slice(0, 2000),
            browserWidth: window.innerWidth,
            ...(document.referrer ? { referrer: document.referrer.slice(0, 2000) } : {}),
          },
          events: batch,
        },
        xsrf(),
      ),
  });
  setAnalyticsReporter(events);
  addEventListener('pagehide', () => {
    metrics.flush();
    events.flushNow();
  });
  const report = ({ error, at }: SeenError) => errors.report(error, at);
  for (const seen of opts.seen.splice(0)) report(seen);
  return report;
}
