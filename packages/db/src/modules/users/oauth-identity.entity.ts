import { defineEntity, p } from '@mikro-orm/core';
import { OAuthProvider } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from './user.entity';

/** Sign-in services of spec §4 (Apple, Facebook, Google, Twitter buttons). Not in @quire/domain. */

/** Spec §2 and §7 social sign-in: an external account linked to a user. */
export const OAuthIdentitySchema = defineEntity({
  name: 'OAuthIdentity',
  tableName: 'oauth_identities',
  properties: {
    ...baseProperties,
    provider: enumOf(OAuthProvider),
    providerUserId: p.string().length(255),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    email: p.string().length(254).nullable(),
  },
  uniques: [{ properties: ['provider', 'providerUserId'] }],
});
export class OAuthIdentity extends OAuthIdentitySchema.class {}
OAuthIdentitySchema.setClass(OAuthIdentity);
