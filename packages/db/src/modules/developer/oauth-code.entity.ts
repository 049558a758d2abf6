import { defineEntity, p } from '@mikro-orm/core';
import { type ApiScope, PKCE_METHODS } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { OAuthApplication } from './oauth-application.entity';

/** An authorization code (RFC 6749 §4.1) with its PKCE challenge: used once, within minutes, at /m/token. */
export const OAuthCodeSchema = defineEntity({
  name: 'OAuthCode',
  tableName: 'oauth_codes',
  properties: {
    ...baseProperties,
    application: () => p.manyToOne(OAuthApplication).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    codeHash: p.string().length(64).unique(),
    codeChallenge: p.string().length(128),
    codeChallengeMethod: enumOf(PKCE_METHODS),
    redirectUri: p.string().length(2000),
    scopes: p.json<ApiScope[]>(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export class OAuthCode extends OAuthCodeSchema.class {}
OAuthCodeSchema.setClass(OAuthCode);
