import { defineEntity, p } from '@mikro-orm/core';
import { TwoFactorMethod } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from './user.entity';

/** Spec §3 two-factor data and §4 two-factor setup: one configuration per user. */
export const TwoFactorAuthSchema = defineEntity({
  name: 'TwoFactorAuth',
  tableName: 'two_factor_auths',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').unique(),
    preferredMethod: enumOf(TwoFactorMethod).default('AUTH_APP'),
    totpSecret: p.string().length(100).nullable(),
    authyId: p.string().length(50).nullable(),
    countryCode: p.string().length(5).nullable(),
    phoneNumber: p.string().length(20).nullable(),
    verifiedAt: p.datetime().nullable(),
    enabled: p.boolean().default(false),
  },
});
export class TwoFactorAuth extends TwoFactorAuthSchema.class {}
TwoFactorAuthSchema.setClass(TwoFactorAuth);
