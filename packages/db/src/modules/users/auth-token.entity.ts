import { defineEntity, p } from '@mikro-orm/core';
import { AuthTokenKind } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from './user.entity';

/**
 * Spec §3 AuthToken and §4 sign-in flow: a single-use token (magic link, login code, reset, ...) stored as a hash.
 * Six-digit login codes collide across people, so their hash must cover the email too to keep tokenHash unique.
 */
export const AuthTokenSchema = defineEntity({
  name: 'AuthToken',
  tableName: 'auth_tokens',
  properties: {
    ...baseProperties,
    kind: enumOf(AuthTokenKind),
    tokenHash: p.string().length(64).unique(),
    email: p.string().length(254).nullable(),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    /** Flow state carried by the token (redirect, operation, name for sign-up, ...). */
    payload: p
      .json<Record<string, unknown>>()
      .onCreate(() => ({}))
      .defaultRaw("'{}'"),
    ip: p.string().length(64).nullable(),
  },
  // Rate limits count recent tokens per address.
  indexes: [{ properties: ['email', 'kind', 'createdAt'] }, { properties: ['expiresAt'] }],
});
export class AuthToken extends AuthTokenSchema.class {}
AuthTokenSchema.setClass(AuthToken);
