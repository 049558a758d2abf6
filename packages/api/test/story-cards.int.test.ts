import { Collection, observeQueries, Post, User } from '@quire/db';
import { buildCollection, buildPost, buildUser, sampleContent, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { keptCardsById } from '../src/services/posts';
import { listedStoryPage } from '../src/services/story-lists';

const db = useTestDatabase();

describe('story cards in lists', () => {
  it('carry the writer’s photo, the publication’s avatar and the story’s picture, but no members-only text', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Card Writer' });
    const publication = await buildCollection(em, { creator: writer, name: 'Card Weekly' });
    await em.nativeUpdate(User, { id: writer.id }, { imageId: 'writer-photo.jpg' });
    await em.nativeUpdate(Collection, { id: publication.id }, { avatarId: 'weekly-logo.png' });
    const secret = 'This sentence is for members only.';
    const locked = await buildPost(em, {
      creator: writer,
      collection: publication,
      title: 'A locked card',
      isLocked: true,
      content: sampleContent('A locked card', secret),
    });
    await em.nativeUpdate(Post, { id: locked.id }, { previewImageId: 'story-picture.jpg' });

    const page = await listedStoryPage(db.em(), null, null, { limit: 5 });
    const card = page.posts.find((p) => p.id === locked.id);
    expect(card?.creator).toMatchObject({ name: 'Card Writer', imageId: 'writer-photo.jpg' });
    expect(card?.collection).toMatchObject({ name: 'Card Weekly', avatarId: 'weekly-logo.png' });
    expect(card?.previewImageId).toBe('story-picture.jpg');
    expect(card?.isLocked).toBe(true);
    expect(JSON.stringify(page)).not.toContain(secret);
  });
});

describe('cards a process keeps (For you and home, whose stories come from the kept candidates)', () => {
  it('reads only the cards it does not hold, lags up to cacheMs, and shares them frozen', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const [a, b] = [await buildPost(em, { creator: writer }), await buildPost(em, { creator: writer })];
    let statements = 0;
    observeQueries((sql) => {
      if (sql.includes('from posts p')) statements += 1;
    });
    try {
      const first = await keptCardsById(db.em(), [a!.id], 60_000);
      expect(statements).toBe(1);
      await em.nativeUpdate(Post, { id: a!.id }, { clapCount: 41 });
      // The kept card answers (its count lags), and only the card not kept yet is read.
      const both = await keptCardsById(db.em(), [a!.id, b!.id], 60_000);
      expect(statements).toBe(2);
      expect(both.get(a!.id)).toBe(first.get(a!.id));
      expect(both.get(a!.id)?.clapCount).toBe(0);
      expect(both.get(b!.id)?.id).toBe(b!.id);
      expect((await keptCardsById(db.em(), [a!.id], 0)).get(a!.id)?.clapCount).toBe(41);
      expect(statements).toBe(3);
    } finally {
      observeQueries(null);
    }
    const kept = (await keptCardsById(db.em(), [a!.id], 60_000)).get(a!.id)!;
    expect(() => {
      (kept as { title: string }).title = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (kept.creator as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });
});
