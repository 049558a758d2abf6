import { defaultServiceEnvironment, standardProviders } from '@quire/api';
import { FeatureFlag, OAuthIdentity, User } from '@quire/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

// Stand-ins for the providers' token and profile endpoints on loopback: the real OAuth client (arctic) talks to them.
let provider: FastifyInstance;
let providerBase = '';
const tokenRequests: Record<string, string>[] = [];
const unsigned = (claims: object) =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

beforeAll(async () => {
  provider = Fastify();
  provider.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  provider.post('/token', async (req, reply) => {
    const body = req.body as Record<string, string>;
    tokenRequests.push(body);
    if (body.code !== 'good-code') return reply.code(400).send({ error: 'invalid_grant' });
    return {
      access_token: 'access',
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: unsigned({
        sub: 'google-user-1',
        email: 'social@example.com',
        email_verified: true,
        name: 'Social Person',
      }),
    };
  });
  provider.post('/v19.0/oauth/access_token', async () => ({ access_token: 'access', token_type: 'Bearer' }));
  provider.get('/me', async (req) => {
    if (req.headers.authorization !== 'Bearer access') return { error: 'bad token' };
    return { id: 'fb-42', name: 'Face Book', email: 'fb@example.com' };
  });
  provider.post('/auth/token', async (req) => {
    const body = req.body as Record<string, string>;
    tokenRequests.push(body);
    return {
      access_token: 'access',
      token_type: 'Bearer',
      id_token: unsigned({ sub: 'apple-7', email: 'apple@example.com', email_verified: 'true' }),
    };
  });
  providerBase = await provider.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => provider.close());

const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0' }, () =>
  defaultServiceEnvironment({
    oauth: standardProviders(
      {
        google: { id: 'client-1', secret: 'secret-1' },
        facebook: { id: 'fb-client', secret: 'fb-secret' },
        apple: { id: 'apple-client', secret: 'apple-secret' },
      },
      providerBase,
    ),
  }),
);

async function connect() {
  const start = await t.app.inject({ url: '/m/connect/google?redirect=/p/0123456789ab' });
  expect(start.statusCode).toBe(302);
  const location = new URL(start.headers.location as string);
  const cookie = start.cookies.find((c) => c.name === 'oauth_state')!;
  return { location, cookie: `oauth_state=${encodeURIComponent(cookie.value)}` };
}

describe('social sign-in through OAuth', () => {
  it('redirects to the provider with the client id, PKCE and a pipe-joined state', async () => {
    const { location } = await connect();
    expect(location.origin + location.pathname).toBe(`${providerBase}/o/oauth2/v2/auth`);
    expect(location.searchParams.get('client_id')).toBe('client-1');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/m/callback/google');
    const [service, redirect, , operation] = location.searchParams
      .get('state')!
      .split('|')
      .map(decodeURIComponent);
    expect([service, redirect, operation]).toEqual(['google', '/p/0123456789ab', 'login']);
  });

  it('creates the account from the verified email, links the identity and signs in', async () => {
    const { location, cookie } = await connect();
    const state = location.searchParams.get('state')!;
    const back = await t.app.inject({
      url: `/m/callback/google?code=good-code&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    expect(back.statusCode).toBe(302);
    // A new account goes through onboarding first, then to where it came from.
    expect(back.headers.location).toBe('/get-started?redirect=%2Fp%2F0123456789ab');
    expect(back.cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);
    expect(tokenRequests.at(-1)?.code_verifier).toBeTruthy();
    const user = await t.db.em().findOneOrFail(User, { email: 'social@example.com' });
    expect(user.name).toBe('Social Person');
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await t.db.em().count(OAuthIdentity, { user: user.id, provider: 'GOOGLE' })).toBe(1);
  });

  it('refuses a callback whose state this browser was not given', async () => {
    const { location } = await connect();
    const state = location.searchParams.get('state')!;
    const forged = await t.app.inject({
      url: `/m/callback/google?code=good-code&state=${encodeURIComponent(state)}`,
    });
    expect(forged.headers.location).toBe('/m/signin?error=social');
    expect(forged.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('signs in with Facebook, reading the profile from its API', async () => {
    const start = await t.app.inject({ url: '/m/connect/facebook' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const cookie = `oauth_state=${encodeURIComponent(start.cookies.find((c) => c.name === 'oauth_state')!.value)}`;
    const back = await t.app.inject({
      url: `/m/callback/facebook?code=fb-code&state=${encodeURIComponent(state)}`,
      headers: { cookie },
    });
    expect(back.headers.location).toBe('/get-started');
    const user = await t.db.em().findOneOrFail(User, { email: 'fb@example.com' });
    expect(user.name).toBe('Face Book');
  });

  it('accepts Apple’s form POST callback, with its state cookie made for a cross-site POST', async () => {
    const start = await t.app.inject({ url: '/m/connect/apple' });
    const location = new URL(start.headers.location as string);
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    const stateCookie = start.cookies.find((c) => c.name === 'oauth_state')!;
    expect(stateCookie.sameSite).toBe('None');
    expect(stateCookie.secure).toBe(true);
    const back = await t.app.inject({
      method: 'POST',
      url: '/m/callback/apple',
      payload: `code=apple-code&state=${encodeURIComponent(location.searchParams.get('state')!)}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `oauth_state=${encodeURIComponent(stateCookie.value)}`,
      },
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/get-started');
    expect(await t.db.em().count(User, { email: 'apple@example.com' })).toBe(1);
  });

  it('hides the provider when disable_login_google is on', async () => {
    const em = t.db.em();
    em.create(FeatureFlag, { name: 'disable_login_google', boolValue: true });
    await em.flush();
    expect((await t.app.inject({ url: '/m/connect/google' })).statusCode).toBe(404);
    const options = await t.app.inject({ url: '/trpc/auth.options' });
    expect(options.json().result.data.providers).toEqual(['facebook', 'apple']);
  });
});
