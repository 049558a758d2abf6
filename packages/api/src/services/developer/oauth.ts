import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiToken, OAuthApplication, OAuthCode, type User } from '@quire/db';
import {
  type ApiScope,
  OAUTH_APP_LIMITS,
  OAUTH_CLIENT_ID_PREFIX,
  OAUTH_CLIENT_SECRET_PREFIX,
  oauthAppTexts as texts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../../policies';
import { normalizeScopes } from './tokens';

/*
 * Spec §2 /me/applications: the OAuth 2 applications a user registered (the client secret is shown once, kept as
 * its SHA-256) and the applications the user allowed to act for them, with their access revoked in one step.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new client secret: the raw one to show once, and the hash to keep. */
function newClientSecret() {
  const secret = `${OAUTH_CLIENT_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: sha256(secret) };
}

/** Whether `secret` is the application's client secret (compared in constant time). */
export function clientSecretMatches(app: OAuthApplication, secret: string): boolean {
  const given = Buffer.from(sha256(secret), 'hex');
  const kept = Buffer.from(app.clientSecretHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** An application as its owner's pages show it (never the secret). */
export function applicationView(app: OAuthApplication) {
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    redirectUris: [...app.redirectUris],
    clientId: app.clientId,
    createdAt: app.createdAt.toISOString(),
  };
}
export type OAuthApplicationView = ReturnType<typeof applicationView>;

interface ApplicationFields {
  name: string;
  description: string;
  redirectUris: string[];
}

/**
 * Registers an application for `owner`; answers it with its client secret, shown this once. The owner's row is
 * locked first, so two registrations at once count each other against OAUTH_APP_LIMITS.perOwner.
 */
export async function createApplication(em: EntityManager, owner: User, fields: ApplicationFields) {
  await em.execute('select id from users where id = ? for update', [owner.id]);
  if ((await em.count(OAuthApplication, { owner: owner.id })) >= OAUTH_APP_LIMITS.perOwner)
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.tooManyApplications });
  const { secret, hash } = newClientSecret();
  const app = em.create(OAuthApplication, {
    owner,
    name: fields.name,
    description: fields.description,
    redirectUris: fields.redirectUris,
    clientId: `${OAUTH_CLIENT_ID_PREFIX}${randomBytes(16).toString('hex')}`,
    clientSecretHash: hash,
  });
  await em.flush();
  return { application: applicationView(app), clientSecret: secret };
}

/** The viewer's applications, newest first. */
export async function ownApplications(em: EntityManager, viewer: User) {
  const rows = await em.find(
    OAuthApplication,
    { owner: viewer.id, revokedAt: null },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return rows.map(applicationView);
}

/** One application for its owner (policy manageOAuthApplication); anyone else's, or none, is NOT_FOUND. */
export async function managedApplication(em: EntityManager, viewer: User | null, applicationId: string) {
  const app = await em.findOne(OAuthApplication, { id: applicationId });
  if (!app) throw new TRPCError({ code: 'NOT_FOUND', message: texts.notFound });
  await enforce(em, viewer, 'manageOAuthApplication', app);
  return app;
}

/** Changes an application's name, description and redirect URIs. */
export async function updateApplication(
  em: EntityManager,
  viewer: User,
  applicationId: string,
  fields: ApplicationFields,
) {
  const app = await managedApplication(em, viewer, applicationId);
  app.name = fields.name;
  app.description = fields.description;
  app.redirectUris = fields.redirectUris;
  await em.flush();
  return applicationView(app);
}

/** A new client secret, shown this once; the old one stops working at once. */
export async function resetClientSecret(em: EntityManager, viewer: User, applicationId: string) {
  const app = await managedApplication(em, viewer, applicationId);
  const { secret, hash } = newClientSecret();
  app.clientSecretHash = hash;
  await em.flush();
  return { application: applicationView(app), clientSecret: secret };
}

/** Deletes an application; its codes and every token it was given go with it (foreign keys cascade). */
export async function deleteApplication(em: EntityManager, viewer: User, applicationId: string) {
  const app = await managedApplication(em, viewer, applicationId);
  await em.nativeDelete(OAuthApplication, { id: app.id });
  return { deleted: true };
}

/**
 * The applications the viewer allowed, from their live tokens: each with its owner, the scopes granted and when
 * it was first allowed.
 */
export async function authorizedApplications(em: EntityManager, viewer: User, now: Date) {
  const tokens = await em.find(
    ApiToken,
    {
      user: viewer.id,
      application: { $ne: null, revokedAt: null },
      revokedAt: null,
      $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
    },
    { populate: ['application.owner'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const byApp = new Map<string, { app: OAuthApplication; scopes: Set<ApiScope>; since: Date }>();
  for (const token of tokens) {
    const app = token.application!;
    const entry = byApp.get(app.id) ?? { app, scopes: new Set<ApiScope>(), since: token.createdAt };
    for (const scope of token.scopes) entry.scopes.add(scope);
    byApp.set(app.id, entry);
  }
  return [...byApp.values()].map(({ app, scopes, since }) => ({
    id: app.id,
    name: app.name,
    description: app.description,
    owner: { name: app.owner.name, username: app.owner.username },
    scopes: normalizeScopes([...scopes]),
    since: since.toISOString(),
  }));
}

/**
 * Takes back an application's access to the viewer's account: every token it holds for them, and any code not yet
 * exchanged. Only the viewer's own rows change, so another user's grant is untouched whatever id is sent.
 */
export async function revokeApplicationAccess(
  em: EntityManager,
  viewer: User,
  applicationId: string,
  now: Date,
) {
  const revoked = await em.nativeUpdate(
    ApiToken,
    { user: viewer.id, application: applicationId, revokedAt: null },
    { revokedAt: now },
  );
  await em.nativeUpdate(
    OAuthCode,
    { user: viewer.id, application: applicationId, usedAt: null },
    { usedAt: now },
  );
  return { revoked };
}
