import type { EntityManager } from '@mikro-orm/postgresql';
import { FeatureFlag } from '@quire/db';

/** Spec §7 variantFlags: every feature flag with its boolean or string value, by name. */
export async function variantFlags(em: EntityManager) {
  const flags = await em.find(FeatureFlag, {}, { orderBy: { name: 'asc' } });
  return flags.map((f) => ({
    name: f.name,
    valueBoolean: f.boolValue ?? null,
    valueString: f.stringValue ?? null,
  }));
}
