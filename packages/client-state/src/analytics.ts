/**
 * Spec §7 "Analytics events": the one place reader code sends an event from. The page's entry installs the
 * event reporter; until then (server rendering, tests) and for bots (spec §6: no click analytics), `track`
 * does nothing.
 */
import type { AnalyticsEventName, TelemetryData } from '@quire/domain';
import { useClientStore } from './client';
import type { EventReporter } from './reporters';

let reporter: Pick<EventReporter, 'track'> | null = null;

/** Installs (or, with null, removes) the reporter every later `track` goes to. */
export function setAnalyticsReporter(next: Pick<EventReporter, 'track'> | null): void {
  reporter = next;
}

/** Records one analytics event; never throws (telemetry never breaks the page). */
export function track(name: AnalyticsEventName, data: TelemetryData = {}): void {
  if (!reporter || useClientStore.getState().viewerIsBot) return;
  try {
    reporter.track(name, data);
  } catch {
    // Ignored on purpose: see above.
  }
}
