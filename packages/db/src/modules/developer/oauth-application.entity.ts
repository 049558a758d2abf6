import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';

/** Spec §2 /me/applications: an OAuth 2 application a user registered; its secret is kept only hashed. */
export const OAuthApplicationSchema = defineEntity({
  name: 'OAuthApplication',
  tableName: 'oauth_applications',
  properties: {
    ...baseProperties,
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string().length(100),
    description: p.string().length(500).default(''),
    /** Exact redirect URIs an authorization may send the code to. */
    redirectUris: p.json<string[]>(),
    /** Public identifier, in the authorize URL. */
    clientId: p.string().length(64).unique(),
    /** SHA-256 (hex) of the client secret, shown once when made or reset. */
    clientSecretHash: p.string().length(64),
    revokedAt: p.datetime().nullable(),
  },
});
export class OAuthApplication extends OAuthApplicationSchema.class {}
OAuthApplicationSchema.setClass(OAuthApplication);
