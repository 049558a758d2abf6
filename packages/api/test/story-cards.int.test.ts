import { Collection, Post, User } from '@quire/db';
import { buildCollection, buildPost, buildUser, sampleContent, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
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

    const page = await listedStoryPage(db.em(), null, null, 5);
    const card = page.posts.find((p) => p.id === locked.id);
    expect(card?.creator).toMatchObject({ name: 'Card Writer', imageId: 'writer-photo.jpg' });
    expect(card?.collection).toMatchObject({ name: 'Card Weekly', avatarId: 'weekly-logo.png' });
    expect(card?.previewImageId).toBe('story-picture.jpg');
    expect(card?.isLocked).toBe(true);
    expect(JSON.stringify(page)).not.toContain(secret);
  });
});
