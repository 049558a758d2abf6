import { createHash } from 'node:crypto';
import { ApiToken, OAuthApplication, OAuthCode, User } from '@quire/db';
import { OAUTH_APP_LIMITS, oauthAppTexts, oauthConsentTexts } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../src/services/developer/tokens';
import { callerAs, testClock } from './auth-helpers';

/*
 * Spec §2 /me/applications[/new|/{oauthApplicationId}]: a user's OAuth applications, seen and changed by their
 * owner only; the client secret shown once and kept as its SHA-256; redirect URIs https (or loopback http) without
 * fragments. And the applications a user allowed, with Revoke access.
 */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-25T12:00:00Z'));
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const fields = {
  name: 'Static site',
  description: 'Publishes my notes',
  redirectUris: 'https://example.com/cb',
};

/** The refusal's code and message of a call that must fail. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('the call succeeded');
}

describe('OAuth applications', () => {
  it('registers an application, showing the client secret once and keeping only its hash', async () => {
    const owner = await buildUser(db.em());
    const me = callerAs(db, clock, owner);
    const made = await me.oauth.create({
      ...fields,
      redirectUris: 'https://example.com/cb\n\n  http://127.0.0.1:8080/cb \nhttps://example.com/cb',
    });
    expect(made.application.redirectUris).toEqual(['https://example.com/cb', 'http://127.0.0.1:8080/cb']);
    expect(made.clientSecret).toMatch(/^qs_[A-Za-z0-9_-]{40,}$/);
    expect(made.application.clientId).toMatch(/^qc_[0-9a-f]{32}$/);
    const row = await db.em().findOneOrFail(OAuthApplication, { id: made.application.id });
    expect(row.clientSecretHash).toBe(sha256(made.clientSecret));
    expect(JSON.stringify(row)).not.toContain(made.clientSecret);
    // Never again: the page and the list carry no secret.
    const again = await me.oauth.byId({ applicationId: made.application.id });
    expect(JSON.stringify(again)).not.toContain(made.clientSecret);
    expect(Object.keys(again)).not.toContain('clientSecret');
    const list = await me.oauth.list();
    expect(list.applications.map((a) => a.id)).toEqual([made.application.id]);
    expect(JSON.stringify(list)).not.toContain(made.clientSecret);
  });

  it('resets the secret: a new one shown once, the old hash replaced', async () => {
    const owner = await buildUser(db.em());
    const me = callerAs(db, clock, owner);
    const made = await me.oauth.create(fields);
    const reset = await me.oauth.resetSecret({ applicationId: made.application.id });
    expect(reset.clientSecret).not.toBe(made.clientSecret);
    const row = await db.em().findOneOrFail(OAuthApplication, { id: made.application.id });
    expect(row.clientSecretHash).toBe(sha256(reset.clientSecret));
  });

  it('lets only the owner see, edit, reset or delete an application', async () => {
    const owner = await buildUser(db.em());
    const stranger = await buildUser(db.em());
    const made = await callerAs(db, clock, owner).oauth.create(fields);
    const applicationId = made.application.id;
    const them = callerAs(db, clock, stranger);
    const notFound = { code: 'NOT_FOUND', message: oauthAppTexts.notFound };
    expect(await refusal(them.oauth.byId({ applicationId }))).toEqual(notFound);
    expect(await refusal(them.oauth.update({ applicationId, ...fields, name: 'Mine now' }))).toEqual(
      notFound,
    );
    expect(await refusal(them.oauth.resetSecret({ applicationId }))).toEqual(notFound);
    expect(await refusal(them.oauth.delete({ applicationId }))).toEqual(notFound);
    expect((await refusal(callerAs(db, clock, null).oauth.byId({ applicationId }))).code).toBe(
      'UNAUTHORIZED',
    );
    const row = await db.em().findOneOrFail(OAuthApplication, { id: applicationId });
    expect(row.name).toBe(fields.name);
    expect(row.clientSecretHash).toBe(sha256(made.clientSecret));
    // An id nobody has answers as another user's does.
    expect(await refusal(them.oauth.byId({ applicationId: 'nope' }))).toEqual(notFound);
    expect((await them.oauth.list()).applications).toEqual([]);
  });

  it('edits and deletes an application; deleting takes every token it was given', async () => {
    const owner = await buildUser(db.em());
    const user = await buildUser(db.em());
    const me = callerAs(db, clock, owner);
    const made = await me.oauth.create(fields);
    const applicationId = made.application.id;
    const updated = await me.oauth.update({
      applicationId,
      name: 'Renamed',
      description: '',
      redirectUris: ['https://example.org/callback'],
    });
    expect(updated).toMatchObject({ name: 'Renamed', redirectUris: ['https://example.org/callback'] });
    const em = db.em();
    const app = await em.findOneOrFail(OAuthApplication, { id: applicationId });
    const { row } = await issueToken(em, {
      user: await em.findOneOrFail(User, { id: user.id }),
      kind: 'OAUTH_ACCESS',
      name: app.name,
      scopes: ['basicProfile'],
      application: app,
    });
    expect(await me.oauth.delete({ applicationId })).toEqual({ deleted: true });
    expect(await db.em().count(OAuthApplication, { id: applicationId })).toBe(0);
    expect(await db.em().count(ApiToken, { id: row.id })).toBe(0);
  });

  it('refuses redirect URIs that are not https, loopback http, or that carry a fragment', async () => {
    const me = callerAs(db, clock, await buildUser(db.em()));
    const refused = [
      ['javascript:alert(1)', oauthAppTexts.redirectUriScheme('javascript:alert(1)')],
      ['http://example.com/cb', oauthAppTexts.redirectUriScheme('http://example.com/cb')],
      ['https://example.com/cb#top', oauthAppTexts.redirectUriFragment('https://example.com/cb#top')],
      ['data:text/html,hi', oauthAppTexts.redirectUriScheme('data:text/html,hi')],
      ['not a url', oauthAppTexts.redirectUriInvalid('not a url')],
      ['https://user:pw@example.com/cb', oauthAppTexts.redirectUriInvalid('https://user:pw@example.com/cb')],
      ['', oauthAppTexts.redirectUrisRequired],
    ] as const;
    for (const [uri, message] of refused) {
      const out = await refusal(me.oauth.create({ ...fields, redirectUris: uri }));
      expect(out.code, uri).toBe('BAD_REQUEST');
      expect(out.message, uri).toContain(message);
    }
    const many = Array.from({ length: OAUTH_APP_LIMITS.redirectUris + 1 }, (_, i) => `https://e.com/${i}`);
    expect((await refusal(me.oauth.create({ ...fields, redirectUris: many }))).message).toContain(
      oauthAppTexts.tooManyRedirectUris,
    );
    expect((await refusal(me.oauth.create({ ...fields, name: '  ' }))).message).toContain(
      oauthAppTexts.nameRequired,
    );
    expect((await refusal(me.oauth.create({ ...fields, name: 'a\u0000b' }))).code).toBe('BAD_REQUEST');
    // Development loopback addresses are allowed over http.
    const dev = await me.oauth.create({
      ...fields,
      redirectUris: 'http://localhost:3000/cb\nhttp://127.0.0.1/cb\nhttp://[::1]:9/cb',
    });
    expect(dev.application.redirectUris).toHaveLength(3);
    expect((await me.oauth.list()).applications).toHaveLength(1);
  });

  it('counts two registrations at once against the per-owner limit', async () => {
    const owner = await buildUser(db.em());
    const em = db.em();
    for (let i = 0; i < OAUTH_APP_LIMITS.perOwner - 1; i++)
      em.create(OAuthApplication, {
        owner: owner.id,
        name: `App ${i}`,
        redirectUris: ['https://example.com/cb'],
        clientId: `qc_limit_${owner.id}_${i}`,
        clientSecretHash: '0'.repeat(64),
      });
    await em.flush();
    const results = await Promise.allSettled([
      callerAs(db, clock, owner).oauth.create(fields),
      callerAs(db, clock, owner).oauth.create(fields),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.message).toBe(oauthAppTexts.tooManyApplications);
    expect(await db.em().count(OAuthApplication, { owner: owner.id })).toBe(OAUTH_APP_LIMITS.perOwner);
  });
});

describe('the consent screen and the applications a user allowed', () => {
  const challenge = createHash('sha256').update('v'.repeat(50)).digest('base64url');

  it('answers the consent view, makes a hashed one-use code on Allow, and access_denied on Deny', async () => {
    const owner = await buildUser(db.em(), { name: 'App Maker' });
    const user = await buildUser(db.em());
    const made = await callerAs(db, clock, owner).oauth.create(fields);
    const request = {
      client_id: made.application.clientId,
      redirect_uri: 'https://example.com/cb',
      response_type: 'code',
      scope: 'publishPost basicProfile',
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const me = callerAs(db, clock, user);
    const view = await me.oauth.consent(request);
    expect(view).toMatchObject({
      kind: 'ok',
      application: { name: fields.name, owner: { name: 'App Maker', username: owner.username } },
      scopes: ['basicProfile', 'publishPost'],
      redirectHost: 'example.com',
    });
    expect(await me.oauth.consent({ ...request, client_id: 'qc_unknown' })).toEqual({
      kind: 'invalid',
      message: oauthConsentTexts.unknownClient,
    });
    expect(await me.oauth.consent({ ...request, redirect_uri: 'https://example.com/cb/' })).toEqual({
      kind: 'invalid',
      message: oauthConsentTexts.badRedirectUri,
    });
    const allowed = new URL((await me.oauth.decide({ ...request, allow: true })).redirectTo);
    expect(allowed.origin + allowed.pathname).toBe('https://example.com/cb');
    expect(allowed.searchParams.get('state')).toBe('xyz');
    const code = allowed.searchParams.get('code')!;
    const row = await db.em().findOneOrFail(OAuthCode, { codeHash: sha256(code) });
    expect(row).toMatchObject({
      codeChallenge: challenge,
      scopes: ['basicProfile', 'publishPost'],
      usedAt: null,
    });
    expect(row.expiresAt.getTime() - clock.now().getTime()).toBe(10 * 60 * 1000);
    const denied = new URL((await me.oauth.decide({ ...request, allow: false })).redirectTo);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('xyz');
    expect(await db.em().count(OAuthCode, { user: user.id })).toBe(1);
    // A visitor cannot allow anything.
    expect((await refusal(callerAs(db, clock, null).oauth.decide({ ...request, allow: true }))).code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('lists the applications a user allowed and revokes their access, touching no one else’s', async () => {
    const owner = await buildUser(db.em(), { name: 'Maker' });
    const user = await buildUser(db.em());
    const other = await buildUser(db.em());
    const made = await callerAs(db, clock, owner).oauth.create(fields);
    const em = db.em();
    const app = await em.findOneOrFail(OAuthApplication, { id: made.application.id });
    const give = async (id: string) =>
      issueToken(em, {
        user: await em.findOneOrFail(User, { id }),
        kind: 'OAUTH_REFRESH',
        name: app.name,
        scopes: ['basicProfile', 'publishPost'],
        application: app,
        expiresAt: new Date(clock.now().getTime() + 86_400_000),
      });
    await give(user.id);
    const theirs = await give(other.id);
    const me = callerAs(db, clock, user);
    const list = await me.oauth.list();
    expect(list.authorized).toEqual([
      expect.objectContaining({
        id: app.id,
        name: fields.name,
        owner: { name: 'Maker', username: owner.username },
        scopes: ['basicProfile', 'publishPost'],
      }),
    ]);
    expect(await me.oauth.revokeAccess({ applicationId: app.id })).toEqual({ revoked: 1 });
    expect((await me.oauth.list()).authorized).toEqual([]);
    const kept = await db.em().findOneOrFail(ApiToken, { id: theirs.row.id });
    expect(kept.revokedAt).toBeNull();
    expect((await callerAs(db, clock, other).oauth.list()).authorized).toHaveLength(1);
  });
});
