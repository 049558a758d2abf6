import type { Orm } from '@quire/db';
import { FeatureFlag } from '@quire/db';

/** The flags page rendering reads on every request (spec §4 edge cache, §6). */
export const PAGE_FLAGS = [
  'disable_edge_cache',
  'is_internal_ip',
  'can_view_suspended_content',
  'enable_global_nav_on_legacy_lite',
] as const;
export type PageFlag = (typeof PAGE_FLAGS)[number];

/**
 * Global flag values, re-read at most every few seconds so a cached page costs no query; a flag
 * change reaches every process within `ttlMs`.
 */
export function createFlagCache(orm: Orm, ttlMs = 5000) {
  let values: Record<PageFlag, boolean> | null = null;
  let readAt = 0;
  let pending: Promise<Record<PageFlag, boolean>> | null = null;
  const load = async () => {
    const rows = await orm.em.fork().find(FeatureFlag, { name: { $in: [...PAGE_FLAGS] } });
    const on = new Set(rows.filter((r) => r.boolValue === true).map((r) => r.name));
    values = Object.fromEntries(PAGE_FLAGS.map((f) => [f, on.has(f)])) as Record<PageFlag, boolean>;
    readAt = Date.now();
    return values;
  };
  return {
    async get(): Promise<Record<PageFlag, boolean>> {
      if (values && Date.now() - readAt < ttlMs) return values;
      pending ??= load().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}
