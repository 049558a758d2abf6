import { Block, Post, User } from '@quire/db';
import { errorPageTexts, generalTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const PUBLIC_URL = 'https://quire.test';
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', PUBLIC_URL });

const STORY_TEXT = 'The first line of the story.';

/** A published story whose author is changed by `change` (flags set straight in the database). */
async function story(change?: (post: Post, author: User) => void) {
  const em = t.db.em();
  const author = await buildUser(em);
  const post = await buildPost(em, {
    creator: author,
    title: 'A story with a fate',
    content: { paragraphs: [{ name: 'p1', type: 'P', text: STORY_TEXT, markups: [] }] },
  });
  if (change) {
    const fresh = t.db.em();
    const p = await fresh.findOneOrFail(Post, post.id);
    const a = await fresh.findOneOrFail(User, author.id);
    change(p, a);
    await fresh.flush();
  }
  return { author, post };
}

const byIdUrl = (id: string) => `/trpc/posts.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`;

describe('story pages per PostResult case (spec §3, §8)', () => {
  it('answers 410 with a message for a story its author moved to the trash', async () => {
    const { post } = await story((p) => {
      p.deletedAt = new Date();
    });
    const res = await t.app.inject({ url: `/p/${post.id}` });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('This story was deleted by its author.');
    expect(res.body).not.toContain(STORY_TEXT);
  });

  it('shows a suspended story only to its author, with the notice and an Edit story link', async () => {
    const { post, author } = await story((p) => {
      p.isSuspended = true;
    });
    const res = await t.app.inject({ url: `/p/${post.id}` });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain(generalTexts.storyUnderInvestigation);
    expect(res.body).not.toContain(STORY_TEXT);
    const asAuthor = await t.app.inject({
      url: `/p/${post.id}`,
      headers: authHeaders(await buildSession(t.db.em(), author)),
    });
    expect(asAuthor.statusCode).toBe(200);
    expect(asAuthor.body).toContain(generalTexts.storyUnderInvestigation);
    expect(asAuthor.body).toContain(`href="/p/${post.id}/edit"`);
    expect(asAuthor.body).toContain(generalTexts.editStory);
    expect(asAuthor.body).toContain(STORY_TEXT);
  });

  it('shows the account notice and no story text when the author is suspended', async () => {
    const { post } = await story((_, a) => {
      a.isSuspended = true;
    });
    const res = await t.app.inject({ url: `/p/${post.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(generalTexts.accountUnderInvestigation);
    expect(res.body).not.toContain(STORY_TEXT);
  });

  it('answers 404 for a deleted author’s story and for someone else’s draft', async () => {
    const { post } = await story((_, a) => {
      a.isDeleted = true;
    });
    const res = await t.app.inject({ url: `/p/${post.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(errorPageTexts.notFoundTitle);
    expect(res.body).not.toContain(STORY_TEXT);
    const { post: draft } = await story((p) => {
      p.status = 'DRAFT';
    });
    expect((await t.app.inject({ url: `/p/${draft.id}` })).statusCode).toBe(404);
  });

  it('answers 403 to a reader the author blocked, and 200 to everyone else', async () => {
    const { post, author } = await story();
    const em = t.db.em();
    const blocked = await buildUser(em);
    em.create(Block, { blocker: author, blocked });
    await em.flush();
    const res = await t.app.inject({
      url: `/p/${post.id}`,
      headers: authHeaders(await buildSession(t.db.em(), blocked)),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This story is not available to you.');
    expect(res.body).not.toContain(STORY_TEXT);
    const other = await buildUser(t.db.em());
    const ok = await t.app.inject({
      url: `/p/${post.id}`,
      headers: authHeaders(await buildSession(t.db.em(), other)),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain(STORY_TEXT);
  });

  it('answers posts.byId over tRPC with the union’s __typename and message', async () => {
    const { post: fine } = await story();
    const { post: trashed } = await story((p) => {
      p.deletedAt = new Date();
    });
    const { post: suspended } = await story((p) => {
      p.isSuspended = true;
    });
    const { post: gone } = await story((_, a) => {
      a.isDeleted = true;
    });
    const { post: quiet } = await story((_, a) => {
      a.isSuspended = true;
    });
    const data = async (id: string) => {
      const res = await t.app.inject({ url: byIdUrl(id) });
      expect(res.statusCode).toBe(200);
      return res.json().result.data as { __typename: string; message?: string; title?: string };
    };
    expect(await data(fine.id)).toMatchObject({ __typename: 'Post', title: 'A story with a fate' });
    expect(await data(trashed.id)).toMatchObject({ __typename: 'RemovedByUser' });
    expect(await data(suspended.id)).toEqual({
      __typename: 'PostSuspended',
      message: generalTexts.storyUnderInvestigation,
    });
    expect((await data(gone.id)).__typename).toBe('AccountDeleted');
    expect(await data(quiet.id)).toEqual({
      __typename: 'AccountSuspended',
      message: generalTexts.accountUnderInvestigation,
    });
    expect((await data('0123456789ab')).__typename).toBe('NotFound');
  });
});

describe('story page head tags', () => {
  it('carries OpenGraph, Twitter, canonical and a JSON-LD Article with the story’s values', async () => {
    const em = t.db.em();
    const author = await buildUser(em, { name: 'Ada </script>\u2028 Lovelace', username: 'ada' });
    const built = await buildPost(em, {
      creator: author,
      title: 'Notes on the engine',
      publishedAt: new Date('2026-03-04T05:06:07Z'),
    });
    const fresh = t.db.em();
    const post = await fresh.findOneOrFail(Post, built.id);
    post.subtitle = 'What the analytical engine can do';
    post.previewImageId = 'abc123.png';
    await fresh.flush();
    const canonical = `${PUBLIC_URL}/@ada/${post.uniqueSlug}`;
    const image = `${PUBLIC_URL}/media/abc123.png?w=1200`;
    const res = await t.app.inject({ url: `/p/${post.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(body).toContain('<meta property="og:title" content="Notes on the engine">');
    expect(body).toContain('<meta property="og:description" content="What the analytical engine can do">');
    expect(body).toContain('<meta property="og:type" content="article">');
    expect(body).toContain(`<meta property="og:url" content="${canonical}">`);
    expect(body).toContain(`<meta property="og:image" content="${image}">`);
    expect(body).toContain('<meta name="twitter:card" content="summary_large_image">');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(body)?.[1];
    expect(ld).toBeTruthy();
    // The author's name holds '</script>': the JSON escapes '<' so the block cannot end early, and the line
    // separator, which older parsers of script text took for a line's end.
    expect(ld).not.toContain('</script');
    expect(ld).not.toContain('\u2028');
    expect(ld).toContain('\\u003c/script>\\u2028');
    expect(JSON.parse(ld!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Notes on the engine',
      description: 'What the analytical engine can do',
      author: { '@type': 'Person', name: 'Ada </script>\u2028 Lovelace' },
      datePublished: '2026-03-04T05:06:07.000Z',
      image,
      url: canonical,
    });
  });

  it('leaves the sharing tags off pages that are not a story', async () => {
    const { post } = await story((p) => {
      p.deletedAt = new Date();
    });
    const res = await t.app.inject({ url: `/p/${post.id}` });
    expect(res.body).not.toContain('og:title');
    expect(res.body).not.toContain('application/ld+json');
  });
});
