import { createHash } from 'node:crypto';
import { ApiToken } from '@quire/db';
import { API_TOKEN_LAST_USED_RESOLUTION_MS, MAX_INTEGRATION_TOKENS } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authenticateBearer, issueToken, revokeToken } from '../src/services/developer/tokens';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const bearer = (token: string) => `Bearer ${token}`;

describe('API tokens', () => {
  it('keeps only the hash of a random prefixed token, and authenticates it with its scopes', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const { token, row } = await issueToken(em, {
      user,
      kind: 'INTEGRATION',
      name: 'Static site',
      scopes: ['publishPost', 'basicProfile', 'publishPost'],
    });
    expect(token).toMatch(/^q_[A-Za-z0-9_-]{43}$/);
    const stored = await db.em().findOneOrFail(ApiToken, { id: row.id });
    expect(stored.tokenHash).toBe(sha256(token));
    // The raw value is in no column of the row.
    expect(JSON.stringify(stored)).not.toContain(token.slice(2));
    expect(stored.scopes).toEqual(['basicProfile', 'publishPost']);

    const auth = await authenticateBearer(db.em(), bearer(token), new Date());
    expect(auth?.user.id).toBe(user.id);
    expect(auth?.scopes).toEqual(['basicProfile', 'publishPost']);
    // The scheme is case-insensitive (RFC 7235); anything else is refused.
    expect(await authenticateBearer(db.em(), `bearer ${token}`, new Date())).not.toBeNull();
    expect(await authenticateBearer(db.em(), `Basic ${token}`, new Date())).toBeNull();
    expect(await authenticateBearer(db.em(), token, new Date())).toBeNull();
    expect(await authenticateBearer(db.em(), `Bearer ${token}x`, new Date())).toBeNull();
    expect(await authenticateBearer(db.em(), `Bearer ${'a'.repeat(5000)}`, new Date())).toBeNull();
    expect(await authenticateBearer(db.em(), undefined, new Date())).toBeNull();
  });

  it('refuses expired and revoked tokens, refresh tokens, and tokens of suspended or deleted users', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const now = new Date();
    const expired = await issueToken(em, {
      user,
      kind: 'OAUTH_ACCESS',
      name: 'App',
      scopes: ['basicProfile'],
      expiresAt: new Date(now.getTime() - 1),
    });
    const refresh = await issueToken(em, {
      user,
      kind: 'OAUTH_REFRESH',
      name: 'App',
      scopes: ['basicProfile'],
    });
    const live = await issueToken(em, {
      user,
      kind: 'OAUTH_ACCESS',
      name: 'App',
      scopes: ['basicProfile'],
      expiresAt: new Date(now.getTime() + 60_000),
    });
    expect(live.token.startsWith('qa_')).toBe(true);
    expect(await authenticateBearer(db.em(), bearer(expired.token), now)).toBeNull();
    expect(await authenticateBearer(db.em(), bearer(refresh.token), now)).toBeNull();
    expect(await authenticateBearer(db.em(), bearer(live.token), now)).not.toBeNull();
    // Past its expiry the same token stops working.
    expect(
      await authenticateBearer(db.em(), bearer(live.token), new Date(now.getTime() + 60_000)),
    ).toBeNull();

    const integration = await issueToken(em, {
      user,
      kind: 'INTEGRATION',
      name: 'x',
      scopes: ['basicProfile'],
    });
    user.isSuspended = true;
    await em.flush();
    expect(await authenticateBearer(db.em(), bearer(integration.token), now)).toBeNull();
    user.isSuspended = false;
    user.isDeleted = true;
    await em.flush();
    expect(await authenticateBearer(db.em(), bearer(integration.token), now)).toBeNull();
    user.isDeleted = false;
    await em.flush();
    expect(await authenticateBearer(db.em(), bearer(integration.token), now)).not.toBeNull();

    expect((await revokeToken(db.em(), user, integration.row.id, now))?.revokedAt).toEqual(now);
    expect(await authenticateBearer(db.em(), bearer(integration.token), now)).toBeNull();
  });

  it('revoking a refresh token revokes the access tokens made from it; another user cannot revoke', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const other = await buildUser(em);
    const refresh = await issueToken(em, {
      user,
      kind: 'OAUTH_REFRESH',
      name: 'App',
      scopes: ['basicProfile'],
    });
    const child = await issueToken(em, {
      user,
      kind: 'OAUTH_ACCESS',
      name: 'App',
      scopes: ['basicProfile'],
      parent: refresh.row,
    });
    const unrelated = await issueToken(em, {
      user,
      kind: 'OAUTH_ACCESS',
      name: 'App',
      scopes: ['basicProfile'],
    });
    const now = new Date();

    expect(await revokeToken(db.em(), other, refresh.row.id, now)).toBeNull();
    expect(await authenticateBearer(db.em(), bearer(child.token), now)).not.toBeNull();

    await revokeToken(db.em(), user, refresh.row.id, now);
    expect(await authenticateBearer(db.em(), bearer(child.token), now)).toBeNull();
    expect(await authenticateBearer(db.em(), bearer(unrelated.token), now)).not.toBeNull();
    const rows = await db.em().find(ApiToken, { user: user.id }, { orderBy: { createdAt: 'asc' } });
    expect(
      rows
        .filter((r) => r.revokedAt)
        .map((r) => r.id)
        .sort(),
    ).toEqual([refresh.row.id, child.row.id].sort());
  });

  it('records the last use at most once a minute', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const { token, row } = await issueToken(em, {
      user,
      kind: 'INTEGRATION',
      name: 'x',
      scopes: ['basicProfile'],
    });
    const lastUsed = async () =>
      (await db.em().findOneOrFail(ApiToken, { id: row.id })).lastUsedAt?.getTime();
    const t0 = new Date('2026-11-21T12:00:00Z');
    expect(await lastUsed()).toBeUndefined();
    await authenticateBearer(db.em(), bearer(token), t0);
    expect(await lastUsed()).toBe(t0.getTime());
    await authenticateBearer(db.em(), bearer(token), new Date(t0.getTime() + 30_000));
    expect(await lastUsed()).toBe(t0.getTime());
    const later = new Date(t0.getTime() + API_TOKEN_LAST_USED_RESOLUTION_MS + 1);
    await authenticateBearer(db.em(), bearer(token), later);
    expect(await lastUsed()).toBe(later.getTime());
  });
});

describe('integration tokens in settings (developer router)', () => {
  const clock = testClock(new Date());

  it('makes a token shown once, lists it without its value, and revokes it', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const other = await buildUser(em);
    const me = browser(db, clock, { viewer: user }).caller;
    const made = await me.developer.createToken({ name: '  My script ', scopes: ['publishPost'] });
    expect(made.token).toMatch(/^q_/);
    expect(made.name).toBe('My script');
    const listed = await me.developer.tokens();
    expect(listed.tokens).toEqual([
      {
        id: made.id,
        name: 'My script',
        scopes: ['publishPost'],
        createdAt: made.createdAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(made.token);

    // Another user neither sees nor revokes it.
    const them = browser(db, clock, { viewer: other }).caller;
    expect((await them.developer.tokens()).tokens).toEqual([]);
    await expect(them.developer.revokeToken({ tokenId: made.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await authenticateBearer(db.em(), bearer(made.token), new Date())).not.toBeNull();

    await me.developer.revokeToken({ tokenId: made.id });
    expect((await me.developer.tokens()).tokens).toEqual([]);
    expect(await authenticateBearer(db.em(), bearer(made.token), new Date())).toBeNull();
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const me = browser(db, clock, { viewer: user }).caller;
    await expect(me.developer.createToken({ name: '', scopes: ['publishPost'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Give the token a name.'),
    });
    await expect(me.developer.createToken({ name: 'x', scopes: [] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      me.developer.createToken({ name: 'x', scopes: ['deleteEverything' as 'publishPost'] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      me.developer.createToken({ name: 'a\u0000b', scopes: ['publishPost'] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(browser(db, clock).caller.developer.tokens()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await db.em().count(ApiToken, { user: user.id })).toBe(0);
  });

  it('holds at most MAX_INTEGRATION_TOKENS live tokens, even when asked in parallel', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const me = () => browser(db, clock, { viewer: user }).caller;
    const results = await Promise.allSettled(
      Array.from({ length: MAX_INTEGRATION_TOKENS + 5 }, (_, i) =>
        me().developer.createToken({ name: `t${i}`, scopes: ['basicProfile'] }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_INTEGRATION_TOKENS);
    expect(await db.em().count(ApiToken, { user: user.id, revokedAt: null })).toBe(MAX_INTEGRATION_TOKENS);
  });
});
