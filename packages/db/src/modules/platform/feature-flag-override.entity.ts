import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';
import { FeatureFlag } from './feature-flag.entity';

/** A per-user variant of a feature flag (e.g. is_medium_staff, can_view_unfiltered_search for one account). */
export const FeatureFlagOverrideSchema = defineEntity({
  name: 'FeatureFlagOverride',
  tableName: 'feature_flag_overrides',
  properties: {
    ...baseProperties,
    flag: () => p.manyToOne(FeatureFlag).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    boolValue: p.boolean().nullable(),
    stringValue: p.string().length(500).nullable(),
  },
  uniques: [{ properties: ['flag', 'user'] }],
});
export class FeatureFlagOverride extends FeatureFlagOverrideSchema.class {}
FeatureFlagOverrideSchema.setClass(FeatureFlagOverride);
