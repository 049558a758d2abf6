/** Spec §7 telemetry request bodies as zod schemas (the server validates with these). */

import { z } from 'zod';
import {
  ANALYTICS_EVENT_NAMES,
  METRICS_EVENT_TYPES,
  TELEMETRY_LIMITS,
  TIMING_EVENT_TYPE_PATTERN,
} from './telemetry-names';
import { textInput } from './text-input';

// ---------------------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------------------

const scalar = z.union([textInput().max(TELEMETRY_LIMITS.valueLength), z.number(), z.boolean(), z.null()]);

/** A flat record of scalars with a bounded number of short keys. */
const dataSchema = z
  .record(textInput().min(1).max(TELEMETRY_LIMITS.keyLength), scalar)
  .refine((d) => Object.keys(d).length <= TELEMETRY_LIMITS.dataKeysMax, {
    message: `At most ${TELEMETRY_LIMITS.dataKeysMax} data fields`,
  });
export type TelemetryData = z.infer<typeof dataSchema>;

/** Spec §7 client metrics body: {client {name, version}, events [{type, data}]}. */
export const metricsReportSchema = z.object({
  client: z.object({
    name: textInput().min(1).max(TELEMETRY_LIMITS.keyLength),
    version: textInput().max(TELEMETRY_LIMITS.keyLength),
  }),
  events: z
    .array(
      z.object({
        type: z.union([z.enum(METRICS_EVENT_TYPES), textInput().regex(TIMING_EVENT_TYPE_PATTERN)]),
        data: dataSchema.default({}),
      }),
    )
    .min(1)
    .max(TELEMETRY_LIMITS.metricsEventsMax),
});
export type MetricsReport = z.infer<typeof metricsReportSchema>;
export type MetricsEvent = MetricsReport['events'][number];

/** Spec §7 common data of analytics events. */
export const analyticsCommonDataSchema = z.object({
  service: textInput().max(TELEMETRY_LIMITS.keyLength).optional(),
  location: textInput().max(TELEMETRY_LIMITS.valueLength).optional(),
  browserWidth: z.number().int().min(0).max(100_000).optional(),
  referrer: textInput().max(TELEMETRY_LIMITS.valueLength).optional(),
  referrerSource: textInput().max(TELEMETRY_LIMITS.valueLength).optional(),
});
export type AnalyticsCommonData = z.infer<typeof analyticsCommonDataSchema>;

/** One analytics event: {key, data, type: 'e'} (spec §7), with the client's time when known. */
export const analyticsEventSchema = z.object({
  key: z.enum(ANALYTICS_EVENT_NAMES),
  data: dataSchema.default({}),
  type: z.literal('e'),
  timestamp: z.number().int().positive().optional(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** Spec §7 batched analytics events; the common data applies to every event of the batch. */
export const analyticsBatchSchema = z.object({
  common: analyticsCommonDataSchema.optional(),
  events: z.array(analyticsEventSchema).min(1).max(TELEMETRY_LIMITS.analyticsEventsMax),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** One client error report. */
export const errorReportSchema = z.object({
  message: textInput().min(1).max(TELEMETRY_LIMITS.valueLength),
  name: textInput().max(TELEMETRY_LIMITS.keyLength).optional(),
  stack: textInput().max(TELEMETRY_LIMITS.stackLength).optional(),
  url: textInput().max(TELEMETRY_LIMITS.valueLength).optional(),
  line: z.number().int().min(0).optional(),
  column: z.number().int().min(0).optional(),
  timestamp: z.number().int().positive().optional(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

/** Spec §7 error reports: a JSON array. */
export const errorReportsSchema = z.array(errorReportSchema).min(1).max(TELEMETRY_LIMITS.errorReportsMax);
