import { p } from '@mikro-orm/core';

/** The counts every daily stats row keeps, summed over one UTC day (rollup: packages/api/src/services/stats/rollup.ts). */
export const dailyCounts = {
  views: p.integer().default(0),
  reads: p.integer().default(0),
  /** Seconds members spent on full reads (READ events with isMember). */
  memberReadingSeconds: p.bigint('number').default(0),
  claps: p.integer().default(0),
  responses: p.integer().default(0),
};
