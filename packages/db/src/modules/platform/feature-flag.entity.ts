import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';

/** Spec §3 feature flag (name plus boolean or string value) and §6 flag names; §7 variantFlags. */
export const FeatureFlagSchema = defineEntity({
  name: 'FeatureFlag',
  tableName: 'feature_flags',
  properties: {
    ...baseProperties,
    name: p.string().length(100).unique(),
    boolValue: p.boolean().nullable(),
    stringValue: p.string().length(500).nullable(),
    description: p.string().length(500).default(''),
  },
});
export class FeatureFlag extends FeatureFlagSchema.class {}
FeatureFlagSchema.setClass(FeatureFlag);
