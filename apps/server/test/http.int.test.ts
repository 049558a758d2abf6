import { User } from '@quire/db';
import { errorPageTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp((app) => {
  // Regression guards for the error page: a failing route with and without the conflict marker.
  app.get('/__test/boom', async () => {
    throw new Error('database went away');
  });
  app.get('/__test/conflict', async () => {
    throw new Error('Request failed: 409: Conflict');
  });
});

describe('tRPC at /trpc', () => {
  it('lists published stories newest first and never sends their body text', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    await buildPost(em, { creator: writer, title: 'Older story', publishedAt: new Date('2026-01-01') });
    await buildPost(em, { creator: writer, title: 'Newer story', publishedAt: new Date('2026-02-01') });
    await buildPost(em, { creator: writer, title: 'Secret draft', status: 'DRAFT' });
    const res = await t.app.inject({
      url: `/trpc/posts.latest?input=${encodeURIComponent(JSON.stringify({ limit: 10 }))}`,
    });
    expect(res.statusCode).toBe(200);
    const titles = res.json().result.data.posts.map((p: { title: string }) => p.title);
    expect(titles.indexOf('Newer story')).toBeLessThan(titles.indexOf('Older story'));
    expect(titles).not.toContain('Secret draft');
    expect(res.body).not.toContain('The first line of the story.');
  });

  it('answers bad input with 400 and a readable message', async () => {
    const res = await t.app.inject({
      url: `/trpc/posts.byId?input=${encodeURIComponent(JSON.stringify({ id: 'nope!' }))}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('id: A story id is 8 to 16 hex characters.');
  });

  it('hides a draft from everyone but its author', async () => {
    const em = t.db.em();
    const author = await buildUser(em);
    const draft = await buildPost(em, { creator: author, status: 'DRAFT', title: 'Unfinished' });
    const url = `/trpc/posts.byId?input=${encodeURIComponent(JSON.stringify({ id: draft.id }))}`;
    const asOther = await t.app.inject({ url });
    expect(asOther.statusCode).toBe(200);
    expect(asOther.json().result.data.__typename).toBe('NotFound');
    expect(asOther.body).not.toContain('Unfinished');
    const asAuthor = await t.app.inject({ url, headers: authHeaders(await buildSession(em, author)) });
    expect(asAuthor.json().result.data.title).toBe('Unfinished');
  });

  it('sends only the locked preview of a members-only story to a non-member', async () => {
    const em = t.db.em();
    const author = await buildUser(em);
    const paragraphs = Array.from({ length: 8 }, (_, i) => ({
      name: `p${i}`,
      type: 'P' as const,
      text: `Paragraph number ${i} of the locked story.`,
      markups: [],
    }));
    const post = await buildPost(em, { creator: author, isLocked: true, content: { paragraphs } });
    const url = `/trpc/posts.byId?input=${encodeURIComponent(JSON.stringify({ id: post.id }))}`;
    // A visitor without an account is not metered: the visitor cookie grants no text.
    const anonymous = await t.app.inject({ url, headers: { cookie: 'qv=meteredvisitor1' } });
    expect(anonymous.json().result.data.meterState).toBe('paywalled');
    expect(anonymous.json().result.data.content.isLockedPreviewOnly).toBe(true);
    expect(anonymous.body).toContain('Paragraph number 2');
    expect(anonymous.body).not.toContain('Paragraph number 5');
    const member = await buildUser(em, { mediumMemberAt: Date.now() });
    const asMember = await t.app.inject({ url, headers: authHeaders(await buildSession(em, member)) });
    expect(asMember.body).toContain('Paragraph number 7');
  });

  it('refuses a mutation without the anti-forgery token (403) and changes nothing', async () => {
    const em = t.db.em();
    const me = await buildUser(em);
    const token = await buildSession(em, me);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/trpc/viewer.setStyleReminderSeen',
      payload: {},
      headers: { cookie: `sid=${token}; xsrf=right`, 'x-xsrf-token': 'wrong' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.db.em().findOneOrFail(User, me.id)).hasSeenStyleReminder).toBe(false);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/trpc/viewer.setStyleReminderSeen',
      payload: {},
      headers: authHeaders(token),
    });
    expect(accepted.statusCode).toBe(200);
    expect((await t.db.em().findOneOrFail(User, me.id)).hasSeenStyleReminder).toBe(true);
  });

  it('refuses mutations from signed-out visitors with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/viewer.setStyleReminderSeen',
      payload: {},
      headers: authHeaders(null),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('HTTP hygiene', () => {
  it('issues an xsrf cookie readable by scripts and an HttpOnly visitor cookie, SameSite=Lax', async () => {
    const res = await t.app.inject({ url: '/_/health' });
    const cookies = res.cookies;
    const xsrf = cookies.find((c) => c.name === 'xsrf');
    const visitor = cookies.find((c) => c.name === 'qv');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.sameSite).toBe('Lax');
    expect(visitor?.httpOnly).toBe(true);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ url: '/_/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses an oversize body with 413 and malformed JSON with 400', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/_/graphql',
      payload: JSON.stringify({ query: 'x'.repeat(BODY_LIMIT_BYTES + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/trpc/viewer.setStyleReminderSeen',
      payload: '{nope',
      headers: { ...authHeaders(null), 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
  });

  it('shows the spec’s 500 page with status 500, or 409 when the message contains 409: Conflict', async () => {
    const boom = await t.app.inject({ url: '/__test/boom', headers: { accept: 'text/html' } });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).toContain(errorPageTexts.serverError);
    expect(boom.body).not.toContain('database went away');
    const conflict = await t.app.inject({ url: '/__test/conflict', headers: { accept: 'text/html' } });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body).toContain(errorPageTexts.serverError);
  });
});

describe('media', () => {
  it('404s unknown ids (a demo id with no stored image too) and refuses odd ones', async () => {
    // Demo images are stored by the demo seed (media.int.test.ts); none is drawn on the fly.
    expect((await t.app.inject({ url: '/media/demo-3.jpg?w=680' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/unknown.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/..%2Fsecrets' })).statusCode).toBe(400);
  });
});
