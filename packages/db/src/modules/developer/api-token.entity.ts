import { defineEntity, p } from '@mikro-orm/core';
import { API_TOKEN_KINDS, type ApiScope } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { OAuthApplication } from './oauth-application.entity';

/**
 * A bearer token of the /v1 API: an integration token a user made, or an OAuth application's access or refresh
 * token. Only its SHA-256 is kept; it acts for its user with its scopes until it expires or is revoked.
 */
export const ApiTokenSchema = defineEntity({
  name: 'ApiToken',
  tableName: 'api_tokens',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    kind: enumOf(API_TOKEN_KINDS),
    /** What the user called it (integration tokens), or the application's name. */
    name: p.string().length(100).default(''),
    tokenHash: p.string().length(64).unique(),
    scopes: p.json<ApiScope[]>(),
    application: () => p.manyToOne(OAuthApplication).nullable().deleteRule('cascade').index(),
    /** The refresh token an access token was made from (revoking one revokes its family). */
    parent: () => p.manyToOne(ApiToken).nullable().deleteRule('cascade'),
    expiresAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export class ApiToken extends ApiTokenSchema.class {}
ApiTokenSchema.setClass(ApiToken);
