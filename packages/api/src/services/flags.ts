import type { EntityManager } from '@mikro-orm/postgresql';
import { FeatureFlag, FeatureFlagOverride, type User } from '@quire/db';

/** A boolean feature flag (spec §6) for a viewer: their own override wins over the global value. */
export async function readFlag(em: EntityManager, name: string, viewer?: User | null): Promise<boolean> {
  const flag = await em.findOne(FeatureFlag, { name });
  if (!flag) return false;
  if (viewer) {
    const override = await em.findOne(FeatureFlagOverride, { flag: flag.id, user: viewer.id });
    if (override && override.boolValue !== null && override.boolValue !== undefined)
      return override.boolValue;
  }
  return flag.boolValue === true;
}
