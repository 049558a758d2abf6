import { defineEntity, p } from '@mikro-orm/core';
import { LockoutKind } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';

/** Spec §3 LockoutInfo and §8 lockouts: failed attempts per (kind, key), key being a user id or an IP. */
export const LockoutSchema = defineEntity({
  name: 'Lockout',
  tableName: 'lockouts',
  properties: {
    ...baseProperties,
    kind: enumOf(LockoutKind),
    key: p.string().length(100),
    failCount: p.integer().default(0),
    /** Soft locks served so far; enough of them make the lockout permanent. */
    softLockCount: p.integer().default(0),
    lastFailedAt: p.datetime().nullable(),
    lockedOutUntil: p.datetime().nullable(),
    permanent: p.boolean().default(false),
  },
  uniques: [{ properties: ['kind', 'key'] }],
});
export class Lockout extends LockoutSchema.class {}
LockoutSchema.setClass(Lockout);
