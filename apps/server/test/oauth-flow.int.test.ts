import { createHash, randomBytes } from 'node:crypto';
import { ApiToken, OAuthApplication, OAuthCode } from '@quire/db';
import { API_SCOPE_LABELS, oauthConsentTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/*
 * Spec §2 /m/oauth/authorize and /m/token over HTTP: an application registered at /me/applications, a user who
 * sees the consent screen and allows it, the code exchanged with its PKCE verifier (RFC 6749 §4.1, RFC 7636), the
 * access token calling /v1/me, refresh rotation and revocation (RFC 7009), and each refusal in RFC 6749's shape.
 */

const t = useTestApp();
const REDIRECT = 'https://client.example/cb';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let client: { clientId: string; clientSecret: string; name: string };
let userSession: string;
let userId: string;

beforeAll(async () => {
  const em = t.db.em();
  const owner = await buildUser(em, { name: 'Client Maker' });
  const user = await buildUser(em, { name: 'Allowing Reader' });
  userId = user.id;
  userSession = await buildSession(em, user);
  const res = await t.app.inject({
    method: 'POST',
    url: '/trpc/oauth.create',
    payload: { name: 'Notes Sync', description: '', redirectUris: `${REDIRECT}\nhttp://127.0.0.1:7000/cb` },
    headers: authHeaders(await buildSession(em, owner)),
  });
  expect(res.statusCode).toBe(200);
  const made = res.json().result.data;
  client = { clientId: made.application.clientId, clientSecret: made.clientSecret, name: 'Notes Sync' };
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const authorizeUrl = (params: Record<string, string>) => `/m/oauth/authorize?${new URLSearchParams(params)}`;

const goodRequest = (challenge: string, extra: Record<string, string> = {}) => ({
  client_id: client.clientId,
  redirect_uri: REDIRECT,
  response_type: 'code',
  scope: 'basicProfile publishPost',
  state: 'st-42',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  ...extra,
});

/** The user presses Allow on the consent screen; answers the code it sends back. */
async function allow(challenge: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/trpc/oauth.decide',
    payload: { ...goodRequest(challenge), allow: true },
    headers: authHeaders(userSession),
  });
  expect(res.statusCode).toBe(200);
  const to = new URL(res.json().result.data.redirectTo);
  expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
  expect(to.searchParams.get('state')).toBe('st-42');
  return to.searchParams.get('code')!;
}

const token = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/m/token',
    payload: new URLSearchParams(body).toString(),
    headers: { ...FORM, ...headers },
  });

const withSecret = (body: Record<string, string>) => ({
  client_id: client.clientId,
  client_secret: client.clientSecret,
  ...body,
});

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  token(
    withSecret({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      ...extra,
    }),
  );

const me = (accessToken: string) =>
  t.app.inject({ url: '/v1/me', headers: { authorization: `Bearer ${accessToken}` } });

describe('the authorize endpoint', () => {
  it('shows a signed-in user the consent screen: the application, its owner, the scopes in words', async () => {
    const { challenge } = pkce();
    const res = await t.app.inject({
      url: authorizeUrl(goodRequest(challenge)),
      headers: { accept: 'text/html', cookie: `sid=${userSession}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(oauthConsentTexts.heading('Notes Sync'));
    expect(res.body).toContain('Client Maker');
    expect(res.body).toContain(API_SCOPE_LABELS.basicProfile);
    expect(res.body).toContain(API_SCOPE_LABELS.publishPost);
    expect(res.body).not.toContain(API_SCOPE_LABELS.uploadImage);
    expect(res.body).toContain(`>${oauthConsentTexts.allow}<`);
    expect(res.body).toContain(`>${oauthConsentTexts.deny}<`);
  });

  it('asks a visitor to sign in and come back to the same request', async () => {
    const { challenge } = pkce();
    const url = authorizeUrl(goodRequest(challenge));
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.replace(/<!-- -->/g, '')).toContain(`Sign in to see ${oauthConsentTexts.signInToSee}.`);
    expect(res.body).toContain(`href="/m/signin?redirect=${encodeURIComponent(url)}"`);
  });

  it('never redirects for an unknown client or an unregistered redirect URI', async () => {
    const { challenge } = pkce();
    const cases = [
      [{ client_id: 'qc_nobody' }, oauthConsentTexts.unknownClient],
      [{ redirect_uri: 'https://evil.example/cb' }, oauthConsentTexts.badRedirectUri],
      [{ redirect_uri: `${REDIRECT}/` }, oauthConsentTexts.badRedirectUri],
    ] as const;
    for (const [change, message] of cases) {
      const res = await t.app.inject({
        url: authorizeUrl(goodRequest(challenge, change)),
        headers: { accept: 'text/html', cookie: `sid=${userSession}` },
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain(message);
    }
  });

  it('sends the other errors back to the redirect URI with the state', async () => {
    const { challenge } = pkce();
    const cases = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ scope: 'basicProfile adminEverything' }, 'invalid_scope'],
    ] as const;
    for (const [change, error] of cases) {
      const res = await t.app.inject({ url: authorizeUrl(goodRequest(challenge, change)) });
      expect(res.statusCode, error).toBe(302);
      const to = new URL(res.headers.location as string);
      expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
      expect(to.searchParams.get('error')).toBe(error);
      expect(to.searchParams.get('state')).toBe('st-42');
    }
  });

  it('refuses Allow without the anti-forgery token', async () => {
    const { challenge } = pkce();
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/oauth.decide',
      payload: { ...goodRequest(challenge), allow: true },
      headers: { cookie: `sid=${userSession}` },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.em().count(OAuthCode, { user: userId, usedAt: null })).toBe(0);
  });
});

describe('the token endpoint', () => {
  it('exchanges a code with the right verifier for tokens that call /v1/me; no cookie, no xsrf', async () => {
    const { verifier, challenge } = pkce();
    const code = await allow(challenge);
    // No anti-forgery token: the client's secret is what counts.
    const res = await exchange(code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'basicProfile publishPost' });
    expect(body.access_token).toMatch(/^qa_/);
    expect(body.refresh_token).toMatch(/^qr_/);
    const call = await me(body.access_token);
    expect(call.statusCode).toBe(200);
    expect(call.json().data.id).toBe(userId);
    // The refresh token is good only here.
    expect((await me(body.refresh_token)).statusCode).toBe(401);
    const stored = await t.db.em().find(ApiToken, { user: userId });
    expect(stored.map((s) => s.tokenHash)).toContain(
      createHash('sha256').update(body.access_token).digest('hex'),
    );
  });

  it('takes the client secret by HTTP Basic, and JSON bodies; ignores a session cookie', async () => {
    const { verifier, challenge } = pkce();
    const code = await allow(challenge);
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/token',
      payload: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
      headers: { authorization: `Basic ${basic}`, cookie: `sid=${userSession}; xsrf=abc` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toMatch(/^qa_/);
  });

  it('refuses a wrong client secret with invalid_client (401)', async () => {
    const { verifier, challenge } = pkce();
    const code = await allow(challenge);
    const res = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: client.clientId,
      client_secret: 'qs_wrong',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
    expect(res.headers['www-authenticate']).toContain('Basic');
    // The code was not spent by a client that could not authenticate.
    expect((await exchange(code, verifier)).statusCode).toBe(200);
  });

  it('refuses a wrong verifier, a wrong redirect URI and an expired code with invalid_grant', async () => {
    const wrongVerifier = pkce();
    const code1 = await allow(wrongVerifier.challenge);
    const bad = await exchange(code1, pkce().verifier);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_grant' });
    // The failed attempt spent the code.
    expect((await exchange(code1, wrongVerifier.verifier)).json().error).toBe('invalid_grant');

    const redirect = pkce();
    const code2 = await allow(redirect.challenge);
    const wrongRedirect = await exchange(code2, redirect.verifier, {
      redirect_uri: 'http://127.0.0.1:7000/cb',
    });
    expect(wrongRedirect.statusCode).toBe(400);
    expect(wrongRedirect.json().error).toBe('invalid_grant');

    const expired = pkce();
    const code3 = await allow(expired.challenge);
    const em = t.db.em();
    await em.nativeUpdate(
      OAuthCode,
      { codeHash: createHash('sha256').update(code3).digest('hex') },
      { expiresAt: new Date(Date.now() - 1000) },
    );
    const late = await exchange(code3, expired.verifier);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('invalid_grant');
    expect((await exchange('not-a-code', expired.verifier)).json().error).toBe('invalid_grant');
  });

  it('revokes the tokens a code gave when the code is used twice', async () => {
    const { verifier, challenge } = pkce();
    const code = await allow(challenge);
    const first = (await exchange(code, verifier)).json();
    expect((await me(first.access_token)).statusCode).toBe(200);
    const again = await exchange(code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    expect((await me(first.access_token)).statusCode).toBe(401);
    const refreshed = await token(
      withSecret({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    expect(refreshed.json().error).toBe('invalid_grant');
  });

  it('rotates the refresh token; a spent one shown again revokes its family', async () => {
    const { verifier, challenge } = pkce();
    const first = (await exchange(await allow(challenge), verifier)).json();
    const second = await token(
      withSecret({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect(pair.scope).toBe('basicProfile publishPost');
    expect((await me(pair.access_token)).statusCode).toBe(200);
    // A narrower scope is allowed; a wider one is not.
    const wider = await token(
      withSecret({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, scope: 'uploadImage' }),
    );
    expect(wider.json().error).toBe('invalid_scope');
    const replay = await token(
      withSecret({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await me(pair.access_token)).statusCode).toBe(401);
    const after = await token(withSecret({ grant_type: 'refresh_token', refresh_token: pair.refresh_token }));
    expect(after.json().error).toBe('invalid_grant');
  });

  it('revokes a refresh token and what was made from it (RFC 7009)', async () => {
    const { verifier, challenge } = pkce();
    const pair = (await exchange(await allow(challenge), verifier)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/m/oauth/revoke',
      payload: new URLSearchParams(withSecret({ token: pair.refresh_token })).toString(),
      headers: FORM,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(pair.access_token)).statusCode).toBe(401);
    const refreshed = await token(
      withSecret({ grant_type: 'refresh_token', refresh_token: pair.refresh_token }),
    );
    expect(refreshed.json().error).toBe('invalid_grant');
    // An unknown token is answered 200 too; a client that cannot authenticate is not.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/m/oauth/revoke',
      payload: withSecret({ token: 'qa_nothing' }),
    });
    expect(unknown.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/m/oauth/revoke', payload: { token: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad requests in RFC 6749 §5.2 shape', async () => {
    const unsupported = await token(withSecret({ grant_type: 'password' }));
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: expect.any(String),
    });
    const missing = await token(withSecret({ grant_type: 'authorization_code' }));
    expect(missing.json().error).toBe('invalid_request');
    const notText = await t.app.inject({
      method: 'POST',
      url: '/m/token',
      payload: { grant_type: ['authorization_code'], client_id: client.clientId },
    });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().error).toBe('invalid_request');
    const get = await t.app.inject({ url: '/m/token' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });
});

describe('the application pages', () => {
  it('shows the owner their application without its secret, and anyone else a 404', async () => {
    const em = t.db.em();
    const app = await em.findOneOrFail(
      OAuthApplication,
      { clientId: client.clientId },
      { populate: ['owner'] },
    );
    const ownerSession = await buildSession(em, app.owner);
    const list = await t.app.inject({ url: '/me/applications', headers: { cookie: `sid=${ownerSession}` } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/me/applications/${app.id}"`);
    const page = await t.app.inject({
      url: `/me/applications/${app.id}`,
      headers: { cookie: `sid=${ownerSession}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(client.clientId);
    expect(page.body).not.toContain(client.clientSecret);
    const theirs = await t.app.inject({
      url: `/me/applications/${app.id}`,
      headers: { cookie: `sid=${userSession}` },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(client.clientId);
    // The user who allowed it sees it among the applications they allowed.
    const { verifier, challenge } = pkce();
    expect((await exchange(await allow(challenge), verifier)).statusCode).toBe(200);
    const allowed = await t.app.inject({
      url: '/me/applications',
      headers: { cookie: `sid=${userSession}` },
    });
    expect(allowed.body).toContain('Notes Sync');
    expect(allowed.body).toContain('Revoke access');
    const visitor = await t.app.inject({ url: '/me/applications/new' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body.replace(/<!-- -->/g, '')).toContain('Sign in to see your applications.');
  });
});
