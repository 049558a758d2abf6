import { appRouter, createContextInner, defaultServiceEnvironment } from '@quire/api';
import { Post, type User } from '@quire/db';
import { importTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

const as = (viewer: User) =>
  appRouter.createCaller(
    createContextInner({
      em: t.db.em(),
      viewer,
      sessionId: null,
      visitor: { id: 'repostvisitor01', isBot: false, country: null },
      ip: '192.0.2.1',
      now: () => new Date(),
      env: defaultServiceEnvironment({ publicUrl: 'https://quire.example' }),
    }),
  );

describe('reposting one’s own story and the import page (spec §2 Writing)', () => {
  it('makes a new draft with the story’s text and a canonical link to it, for its writer only', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Repost Writer' });
    const other = await buildUser(em, { name: 'Someone Else' });
    const story = await buildPost(em, { creator: writer, title: 'Worth telling twice' });
    const draft = await buildPost(em, { creator: writer, title: 'Not out yet', status: 'DRAFT' });

    const page = await t.page(`/new-story/repost/${story.id}`, await buildSession(em, writer));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(importTexts.repostTitle);
    expect(page.body).toContain('Worth telling twice');

    const made = await as(writer).imports.repost({ postId: story.id });
    expect(made.editUrl).toBe(`/p/${made.postId}/edit`);
    const copy = await t.db.em().findOneOrFail(Post, made.postId);
    const original = await t.db.em().findOneOrFail(Post, story.id, { populate: ['creator'] });
    expect(copy).toMatchObject({ status: 'DRAFT', title: 'Worth telling twice' });
    expect(copy.content.paragraphs.map((p) => p.text)).toEqual(
      original.content.paragraphs.map((p) => p.text),
    );
    expect(copy.canonicalUrl).toBe(`https://quire.example/@${writer.username}/${original.uniqueSlug}`);

    const before = await t.db.em().count(Post, {});
    await expect(as(other).imports.repost({ postId: story.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(writer).imports.repost({ postId: draft.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(as(writer).imports.repost({ postId: 'not-an-id' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await t.db.em().count(Post, {})).toBe(before);
    const refused = await t.page(`/new-story/repost/${story.id}`, await buildSession(em, other));
    expect(refused.statusCode).toBe(404);
  });

  it('shows the import form to a writer and asks a visitor to sign in', async () => {
    const writer = await buildUser(t.db.em(), { name: 'Import Writer' });
    const page = await t.page('/p/import', await buildSession(t.db.em(), writer));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(importTexts.title);
    expect(page.body).toContain(importTexts.fileLabel);
    const visitor = await t.page('/p/import');
    expect(visitor.body).toContain('Sign in to see');
  });
});
