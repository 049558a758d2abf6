import { Tag } from '@quire/db';
import { buildCollection, buildPost, buildUser, sampleContent, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import {
  postDocuments,
  type SearchDocument,
  type SearchDocuments,
  searchDocumentPages,
  searchDocuments,
} from '../src';

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
    // The thumbnail its cards show (publishing sets it to the first image).
    story.previewImageId = 'doc-picture.jpg';
    await em.flush();
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
        previewImageId: 'doc-picture.jpg',
        authorId: ada.id,
        collectionId: open.id,
        highQualityUser: true,
        searchText:
          'Doc story  Doc story The first line of the story. A first point A second point A quoted thought.',
        membersSearchText: null,
      },
    ]);
  });

  it('holds the text anyone may read, and the whole text of a members-only story apart', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Doc Partner' });
    const content = sampleContent('Locked doc', 'Open opening.');
    content.paragraphs.push({ name: 'a006', type: 'P', text: 'Members merlin.', markups: [] });
    const locked = await buildPost(em, { creator: writer, title: 'Locked doc', isLocked: true, content });
    const free = await buildPost(em, { creator: writer, title: 'Free doc' });
    const draft = await buildPost(em, { creator: writer, title: 'Draft doc', status: 'DRAFT' });

    const docs = await postDocuments(db.em(), [locked.id, free.id, draft.id]);
    expect(docs.map((d) => d.objectID).sort()).toEqual([locked.id, free.id].sort());
    const lockedDoc = docs.find((d) => d.objectID === locked.id);
    expect(lockedDoc?.searchText).toContain('Open opening.');
    expect(lockedDoc?.searchText).not.toContain('merlin');
    expect(lockedDoc?.membersSearchText).toContain('Members merlin.');
    expect(docs.find((d) => d.objectID === free.id)?.membersSearchText).toBeNull();
  });

  it('reads every document a page at a time', async () => {
    const all = await searchDocuments(db.em());
    const paged: SearchDocuments = { user: [], collection: [], tag: [], post: [] };
    for await (const page of searchDocumentPages(db.em(), 2)) {
      expect(page.documents.length).toBeLessThanOrEqual(2);
      (paged[page.entity] as SearchDocument[]).push(...page.documents);
    }
    expect(paged).toEqual(all);
    expect(all.post.length).toBeGreaterThan(2);
  });
});
