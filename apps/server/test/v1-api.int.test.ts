import { createHash } from 'node:crypto';
import { Collection, Post, PostTag, PostVersion } from '@quire/db';
import { API_ERROR_CODES, API_RATE_LIMIT, API_RATE_WINDOW_MS } from '@quire/domain';
import { addCollectionMember, buildCollection, buildSession, buildUser } from '@quire/test-harness';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';
import { multipart, tokenFor, v1 } from './v1-helpers';

const t = useTestApp();

type World = Awaited<ReturnType<typeof world>>;
let w: World;

async function world() {
  const em = t.db.em();
  const writer = await buildUser(em, { name: 'Ada Writer' });
  const other = await buildUser(em, { name: 'Other Person' });
  const owned = await buildCollection(em, { creator: writer, name: 'Alpha Owned' });
  const writesFor = await buildCollection(em, { creator: other, name: 'Beta Writes For' });
  await addCollectionMember(em, writesFor, writer, 'WRITER');
  const notMine = await buildCollection(em, { creator: other, name: 'Gamma Not Mine' });
  const privateOne = await buildCollection(em, { creator: other, name: 'Delta Private' });
  privateOne.visibility = 'PRIVATE';
  await em.flush();
  return {
    writer,
    other,
    owned,
    writesFor,
    notMine,
    privateOne,
    token: await tokenFor(t, writer),
    otherToken: await tokenFor(t, other),
    profileOnly: await tokenFor(t, writer, ['basicProfile']),
  };
}

beforeAll(async () => {
  w = await world();
});

const postCount = () => t.db.em().count(Post, {});
const errorsOf = (res: { json: () => unknown }) =>
  res.json() as { errors: { message: string; code: number }[] };

describe('authentication', () => {
  it('GET /v1/me answers the token user, with rate limit headers', async () => {
    const res = await v1(t, 'GET', '/v1/me', { token: w.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: w.writer.id,
        username: w.writer.username,
        name: 'Ada Writer',
        url: `http://localhost:3000/@${w.writer.username}`,
        imageUrl: null,
      },
    });
    expect(Number(res.headers['x-ratelimit-limit'])).toBe(API_RATE_LIMIT);
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(API_RATE_LIMIT);
    expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    // A bearer API sets no cookies.
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses no token, a bad token and a revoked one with 401 in Medium’s shape', async () => {
    const none = await v1(t, 'GET', '/v1/me');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(errorsOf(none).errors[0]!.code).toBe(API_ERROR_CODES.tokenMissing);
    const bad = await v1(t, 'GET', '/v1/me', { token: 'q_not-a-real-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({
      errors: [{ message: 'Token was invalid.', code: API_ERROR_CODES.tokenInvalid }],
    });
  });

  it('never authenticates a cookie session, even with the anti-forgery token', async () => {
    const session = await buildSession(t.db.em(), w.writer);
    const res = await v1(t, 'GET', '/v1/me', { headers: authHeaders(session) });
    expect(res.statusCode).toBe(401);
    const before = await postCount();
    const post = await v1(t, 'POST', `/v1/users/${w.writer.id}/posts`, {
      headers: authHeaders(session),
      body: { title: 'Cookie', contentFormat: 'html', content: '<p>Hi</p>' },
    });
    expect(post.statusCode).toBe(401);
    expect(await postCount()).toBe(before);
  });

  it('needs the route’s scope: 403 without it', async () => {
    const res = await v1(t, 'GET', `/v1/users/${w.writer.id}/publications`, { token: w.profileOnly });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res).errors[0]).toEqual({
      message: 'Token does not have the listPublications scope.',
      code: API_ERROR_CODES.scopeMissing,
    });
    const before = await postCount();
    const post = await v1(t, 'POST', `/v1/users/${w.writer.id}/posts`, {
      token: w.profileOnly,
      body: { title: 'No scope', contentFormat: 'html', content: '<p>Hi</p>' },
    });
    expect(post.statusCode).toBe(403);
    expect(await postCount()).toBe(before);
  });
});

describe('publications', () => {
  it('lists the user’s own publications; another user’s id is refused', async () => {
    const res = await v1(t, 'GET', `/v1/users/${w.writer.id}/publications`, { token: w.token });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { data: { name: string; url: string; id: string }[] }).data;
    expect(names.map((p) => p.name)).toEqual(['Alpha Owned', 'Beta Writes For']);
    expect(names[0]).toMatchObject({ id: w.owned.id, url: `http://localhost:3000/${w.owned.slug}` });

    const theirs = await v1(t, 'GET', `/v1/users/${w.other.id}/publications`, { token: w.token });
    expect(theirs.statusCode).toBe(403);
    expect(errorsOf(theirs).errors[0]!.message).toBe('A token may only act for its own user.');
    const bad = await v1(t, 'GET', '/v1/users/not-an-id/publications', { token: w.token });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad).errors[0]!.code).toBe(API_ERROR_CODES.invalidRequest);
  });

  it('lists a publication’s contributors as editors and writers; a private one is not found to others', async () => {
    const res = await v1(t, 'GET', `/v1/publications/${w.writesFor.id}/contributors`, { token: w.token });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: unknown[] }).data).toEqual([
      { publicationId: w.writesFor.id, userId: w.other.id, role: 'editor' },
      { publicationId: w.writesFor.id, userId: w.writer.id, role: 'writer' },
    ]);
    const hidden = await v1(t, 'GET', `/v1/publications/${w.privateOne.id}/contributors`, { token: w.token });
    expect(hidden.statusCode).toBe(404);
    const visible = await v1(t, 'GET', `/v1/publications/${w.privateOne.id}/contributors`, {
      token: w.otherToken,
    });
    expect(visible.statusCode).toBe(200);
    const none = await v1(t, 'GET', '/v1/publications/0123456789ab/contributors', { token: w.token });
    expect(none.statusCode).toBe(404);
  });
});

describe('creating posts', () => {
  it('turns HTML into paragraphs and publishes it as the site does', async () => {
    const res = await v1(t, 'POST', `/v1/users/${w.writer.id}/posts`, {
      token: w.token,
      body: {
        title: 'Liverpool FC',
        contentFormat: 'html',
        content:
          '<h1>Liverpool FC</h1><p>You’ll <strong>never</strong> walk alone.</p><script>alert(1)</script><ul><li>One</li></ul>',
        canonicalUrl: 'https://example.com/posts/liverpool-fc',
        tags: ['football', 'sport', 'Liverpool'],
        publishStatus: 'public',
        license: 'cc-40-by',
      },
    });
    expect(res.statusCode).toBe(201);
    const data = (res.json() as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      title: 'Liverpool FC',
      authorId: w.writer.id,
      tags: ['football', 'sport', 'Liverpool'],
      canonicalUrl: 'https://example.com/posts/liverpool-fc',
      publishStatus: 'public',
      license: 'cc-40-by',
      licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
    });
    expect(typeof data.publishedAt).toBe('number');
    const post = await t.db.em().findOneOrFail(Post, { id: data.id as string });
    expect(post.status).toBe('PUBLISHED');
    expect(post.license).toBe('CC_40_BY');
    expect(post.canonicalUrl).toBe('https://example.com/posts/liverpool-fc');
    // The title heading is not repeated in the body; the script is gone; the list is a list.
    expect(post.content.paragraphs.map((p) => [p.type, p.text])).toEqual([
      ['P', 'You’ll never walk alone.'],
      ['ULI', 'One'],
    ]);
    expect(post.content.paragraphs[0]!.markups).toEqual([expect.objectContaining({ type: 'STRONG' })]);
    expect(await t.db.em().count(PostVersion, { post: post.id })).toBeGreaterThan(0);
    expect(await t.db.em().count(PostTag, { post: post.id })).toBe(3);
    // The story's page is served like any published story.
    expect(data.url).toBe(`http://localhost:3000/@${w.writer.username}/${post.uniqueSlug}`);
    const page = await t.page(new URL(data.url as string).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You’ll');
  });

  it('turns Markdown into paragraphs; draft and unlisted keep their status', async () => {
    const draft = await v1(t, 'POST', `/v1/users/${w.writer.id}/posts`, {
      token: w.token,
      body: {
        title: 'A draft',
        contentFormat: 'markdown',
        content: '## Part one\n\nSome *text* here.\n\n> A quote',
        publishStatus: 'draft',
        tags: ['notes'],
      },
    });
    expect(draft.statusCode).toBe(201);
    const d = (draft.json() as { data: Record<string, unknown> }).data;
    expect(d.publishStatus).toBe('draft');
    expect(d).not.toHaveProperty('publishedAt');
    expect(d).not.toHaveProperty('canonicalUrl');
    expect(d.tags).toEqual(['notes']);
    const draftRow = await t.db.em().findOneOrFail(Post, { id: d.id as string });
    expect(draftRow.status).toBe('DRAFT');
    expect(draftRow.content.paragraphs.map((p) => p.type)).toEqual(['H2', 'P', 'BQ']);
    expect(draftRow.content.paragraphs[1]!.markups).toEqual([expect.objectContaining({ type: 'EM' })]);

    const unlisted = await v1(t, 'POST', `/v1/users/${w.writer.id}/posts`, {
      token: w.token,
      body: {
        title: 'Quiet',
        contentFormat: 'markdown',
        content: 'Just for friends.',
        publishStatus: 'unlisted',
      },
    });
    expect(unlisted.statusCode).toBe(201);
    const u = (unlisted.json() as { data: Record<string, unknown> }).data;
    expect(u.publishStatus).toBe('unlisted');
    const row = await t.db.em().findOneOrFail(Post, { id: u.id as string });
    expect(row.status).toBe('UNLISTED');
    expect(row.visibility).toBe('UNLISTED');
  });

  it('refuses another user’s authorId with 403 and writes nothing', async () => {
    const before = await postCount();
    const res = await v1(t, 'POST', `/v1/users/${w.other.id}/posts`, {
      token: w.token,
      body: { title: 'Not mine', contentFormat: 'html', content: '<p>Hi</p>' },
    });
    expect(res.statusCode).toBe(403);
    expect(await postCount()).toBe(before);
  });

  it('publishes in a publication the user edits; a writer’s post goes for review; others are refused', async () => {
    const body = { title: 'In a publication', contentFormat: 'html', content: '<p>Body text.</p>' };
    const owned = await v1(t, 'POST', `/v1/publications/${w.owned.id}/posts`, { token: w.token, body });
    expect(owned.statusCode).toBe(201);
    const o = (owned.json() as { data: Record<string, unknown> }).data;
    expect(o).toMatchObject({ publishStatus: 'public', publicationId: w.owned.id });
    const ownedRow = await t.db
      .em()
      .findOneOrFail(Post, { id: o.id as string }, { populate: ['collection'] });
    expect(ownedRow.collection?.id).toBe(w.owned.id);
    expect(o.url).toBe(`http://localhost:3000/${w.owned.slug}/${ownedRow.uniqueSlug}`);

    const submitted = await v1(t, 'POST', `/v1/publications/${w.writesFor.id}/posts`, {
      token: w.token,
      body,
    });
    expect(submitted.statusCode).toBe(201);
    const s = (submitted.json() as { data: Record<string, unknown> }).data;
    expect(s.publishStatus).toBe('draft');
    const submittedRow = await t.db.em().findOneOrFail(Post, { id: s.id as string });
    expect(submittedRow.status).toBe('DRAFT');
    expect(submittedRow.statusForCollection).toBe('PENDING');

    const before = await postCount();
    const refused = await v1(t, 'POST', `/v1/publications/${w.notMine.id}/posts`, { token: w.token, body });
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused).errors[0]!.code).toBe(API_ERROR_CODES.notAllowed);
    const hidden = await v1(t, 'POST', `/v1/publications/${w.privateOne.id}/posts`, { token: w.token, body });
    expect(hidden.statusCode).toBe(404);
    const em = t.db.em();
    const archived = await em.findOneOrFail(Collection, { id: w.owned.id });
    archived.archivedAt = new Date();
    await em.flush();
    const intoArchived = await v1(t, 'POST', `/v1/publications/${w.owned.id}/posts`, {
      token: w.token,
      body,
    });
    archived.archivedAt = null;
    await em.flush();
    expect(intoArchived.statusCode).toBe(403);
    expect(await postCount()).toBe(before);
  });

  it('refuses bad input with 400 in Medium’s shape and writes nothing', async () => {
    const before = await postCount();
    const url = `/v1/users/${w.writer.id}/posts`;
    const cases: [unknown, RegExp][] = [
      [{ title: 'A\u0000B', contentFormat: 'html', content: '<p>x</p>' }, /title/],
      [{ title: 'A', contentFormat: 'html', content: '<p>x\u0000y</p>' }, /content/],
      [{ title: 'A', contentFormat: 'docx', content: 'x' }, /contentFormat/],
      [
        { title: 'A', contentFormat: 'html', content: '<p>x</p>', tags: ['1', '2', '3', '4', '5', '6'] },
        /tags/,
      ],
      [{ title: 'A', contentFormat: 'html', content: '<p>x</p>', publishStatus: 'secret' }, /publishStatus/],
      [
        { title: 'A', contentFormat: 'html', content: '<p>x</p>', canonicalUrl: 'javascript:alert(1)' },
        /canonicalUrl/,
      ],
      [{ title: 'A', contentFormat: 'html', content: '<p>x</p>', license: 'mine' }, /license/],
      [{ contentFormat: 'html', content: '<p>x</p>' }, /title/],
      [
        {
          title: 'A',
          contentFormat: 'html',
          content: '<script>alert(1)</script><iframe src="https://evil.example"></iframe>',
        },
        /no text/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await v1(t, 'POST', url, { token: w.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const { errors } = errorsOf(res);
      expect(errors[0]!.code).toBe(API_ERROR_CODES.invalidRequest);
      expect(errors[0]!.message).toMatch(message);
    }
    const broken = await v1(t, 'POST', url, {
      token: w.token,
      body: '{"title": "A",',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(errorsOf(broken).errors[0]!.code).toBe(API_ERROR_CODES.invalidRequest);
    // A NUL in the address is refused before any route, in the same shape.
    const nulPath = await v1(t, 'GET', '/v1/users/%00/publications', { token: w.token });
    expect(nulPath.statusCode).toBe(400);
    expect(errorsOf(nulPath).errors[0]!.code).toBe(API_ERROR_CODES.invalidRequest);
    // 10 MB of text is refused by size before it is parsed.
    const huge = await v1(t, 'POST', url, {
      token: w.token,
      body: { title: 'Huge', contentFormat: 'markdown', content: 'x'.repeat(10 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(errorsOf(huge).errors[0]!.code).toBe(API_ERROR_CODES.tooLarge);
    expect(await postCount()).toBe(before);
  });
});

describe('images', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 20, b: 20 } } })
      .png()
      .toBuffer();
  const upload = async (field: string, data: Buffer, token: string | null = w.token) => {
    const body = await multipart(field, data, 'picture.png', 'image/png');
    return v1(t, 'POST', '/v1/images', {
      token,
      headers: { 'content-type': body.contentType },
      body: body.payload,
    });
  };

  it('stores an image through the upload path and answers its URL and md5', async () => {
    const res = await upload('image', await png());
    expect(res.statusCode).toBe(201);
    const { url, md5 } = (res.json() as { data: { url: string; md5: string } }).data;
    expect(url).toMatch(/^http:\/\/localhost:3000\/media\/[0-9a-f]{12}\.png$/);
    const served = await t.app.inject({ url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(createHash('md5').update(served.rawPayload).digest('hex')).toBe(md5);
  });

  it('refuses a file that is not an image, a wrong field, and a token without uploadImage', async () => {
    const text = await upload('image', Buffer.from('not an image at all'));
    expect(text.statusCode).toBe(415);
    expect(errorsOf(text).errors[0]!.code).toBe(API_ERROR_CODES.unsupportedImage);
    const wrongField = await upload('file', await png());
    expect(wrongField.statusCode).toBe(400);
    const noScope = await upload('image', await png(), w.profileOnly);
    expect(noScope.statusCode).toBe(403);
  });
});

describe('rate limits', () => {
  it('counts every call of a token exactly under concurrency and answers 429 past the limit', async () => {
    const token = await tokenFor(t, w.writer, ['basicProfile']);
    // Stay inside one fixed window: start just after a window begins if the current one is nearly over.
    const left = API_RATE_WINDOW_MS - (Date.now() % API_RATE_WINDOW_MS);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const extra = 15;
    const answers = await Promise.all(
      Array.from({ length: API_RATE_LIMIT + extra }, () => v1(t, 'GET', '/v1/me', { token })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
    const remaining = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => Number(a.headers['x-ratelimit-remaining']));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: API_RATE_LIMIT }, (_, i) => i));
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(errorsOf(limited).errors[0]!.code).toBe(API_ERROR_CODES.rateLimited);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token has its own window.
    expect((await v1(t, 'GET', '/v1/me', { token: w.otherToken })).statusCode).toBe(200);
  }, 30_000);
});

describe('the integration tokens settings section', () => {
  it('lists the viewer’s tokens by name and scopes at /me/settings/integration-tokens, never their values', async () => {
    const em = t.db.em();
    const user = await buildUser(em);
    const token = await tokenFor(t, user, ['publishPost']);
    const session = await buildSession(em, user);
    const page = await t.app.inject({
      url: '/me/settings/integration-tokens',
      headers: { cookie: `sid=${session}`, accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="integration-token-list"');
    expect(page.body).toContain('publishPost');
    expect(page.body).not.toContain(token);
  });
});
