/**
 * Spec §7 "Analytics events": the one place reader code sends an event from. The page's entry installs the
 * event reporter; until then (server rendering, tests) and for bots (spec §6: no click analytics), `track`
 * does nothing.
 */
import { type AnalyticsEventName, SOURCE_FIELDS, type SourceField, type TelemetryData } from '@quire/domain';
import { useClientStore } from './client';
import type { EventReporter } from './reporters';

let reporter: Pick<EventReporter, 'track'> | null = null;

/** Installs (or, with null, removes) the reporter every later `track` goes to. */
export function setAnalyticsReporter(next: Pick<EventReporter, 'track'> | null): void {
  reporter = next;
}

/** Spec §7 source-tracking string: the ordered source fields that are set, as `field:value` joined by '|'. */
export function sourceString(source: Partial<Record<SourceField, string | number>>): string {
  return SOURCE_FIELDS.filter((field) => source[field] !== undefined && source[field] !== '')
    .map((field) => `${field}:${source[field]}`)
    .join('|');
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
