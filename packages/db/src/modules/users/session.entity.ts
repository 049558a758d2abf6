import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from './user.entity';

/** Spec §3 client session (xsrf, isSpoofed): a signed-in browser, found by the SHA-256 of its cookie token. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    ...baseProperties,
    tokenHash: p.string().length(64).unique(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** The anti-forgery token rendered into the page; it is not a credential on its own. */
    xsrfToken: p.string().length(100).nullable(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastSeenAt: p.datetime().nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(500).nullable(),
    /** ISO 3166-1 alpha-2 country the session was last used from (the CDN's country header). */
    country: p.string().length(2).nullable(),
    /** Staff impersonation (spec §4 edge cache: a spoofed session disables the cache). */
    isSpoofed: p.boolean().default(false),
    spoofedBy: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
  },
  indexes: [{ properties: ['expiresAt'] }],
});
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
