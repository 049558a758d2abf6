import { Tag } from '@quire/db';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { searchDocuments } from '../src';

const db = useTestDatabase();

describe('searchDocuments (what an external index is sent)', () => {
  it('holds only what anyone may find, with the hit fields plus the fields its filters use', async () => {
    const em = db.em();
    const ada = await buildUser(em, { name: 'Doc Ada', username: 'docada' });
    ada.isHighQuality = true;
    const banned = await buildUser(em, { name: 'Doc Banned', username: 'docbanned', isSuspended: true });
    const open = await buildCollection(em, { creator: ada, name: 'Doc Open', slug: 'doc-open' });
    const hidden = await buildCollection(em, { creator: ada, name: 'Doc Hidden', slug: 'doc-hidden' });
    hidden.visibility = 'PRIVATE';
    em.create(Tag, { slug: 'doc-public', name: 'Doc Public', postCount: 3 });
    em.create(Tag, { slug: 'doc-staff', name: 'Doc Staff', postCount: 3, visibility: 'STAFF' });
    await em.flush();
    const publishedAt = new Date('2026-11-01T10:00:00Z');
    const story = await buildPost(em, { creator: ada, collection: open, title: 'Doc story', publishedAt });
    await buildPost(em, { creator: ada, title: 'Doc draft', status: 'DRAFT' });
    await buildPost(em, { creator: ada, title: 'Doc unlisted', status: 'UNLISTED' });
    await buildPost(em, { creator: banned, title: 'Doc by a suspended writer' });

    const docs = await searchDocuments(db.em());

    expect(docs.user.find((u) => u.userId === ada.id)).toEqual({
      objectID: ada.id,
      userId: ada.id,
      username: 'docada',
      name: 'Doc Ada',
      imageId: null,
      bio: '',
      highQualityUser: true,
    });
    expect(docs.user.map((u) => u.username)).not.toContain('docbanned');
    expect(docs.collection.filter((c) => c.name.startsWith('Doc '))).toEqual([
      {
        objectID: open.id,
        collectionId: open.id,
        name: 'Doc Open',
        slug: 'doc-open',
        imageId: null,
        description: '',
        isHighQualityCollection: false,
      },
    ]);
    expect(docs.tag.filter((t) => t.tagSlug.startsWith('doc-'))).toEqual([
      { objectID: 'doc-public', tagSlug: 'doc-public', displayText: 'Doc Public', postCount: 3 },
    ]);
    expect(docs.post.filter((p) => p.title.startsWith('Doc '))).toEqual([
      {
        objectID: story.id,
        postId: story.id,
        title: 'Doc story',
        subtitle: null,
        latestPublishedAt: publishedAt.getTime(),
        authorName: 'Doc Ada',
        authorUsername: 'docada',
        authorId: ada.id,
        collectionId: open.id,
        highQualityUser: true,
      },
    ]);
  });
});
