import { Collection, type User } from '@quire/db';
import { NAVIGATION_LIMITS, navigationTexts as texts } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

async function world() {
  const em = db.em();
  const owner = await buildUser(em);
  const writer = await buildUser(em);
  const stranger = await buildUser(em);
  const publication = await buildCollection(em, { creator: owner });
  await addCollectionMember(em, publication, writer, 'WRITER');
  const stories = [];
  for (let i = 1; i <= 3; i++)
    stories.push(
      await buildPost(em, {
        creator: writer,
        collection: publication,
        title: `Story ${i}`,
        publishedAt: new Date(Date.UTC(2026, 0, i)),
      }),
    );
  const elsewhere = await buildPost(em, { creator: writer, title: 'Not in it' });
  return { owner, writer, stranger, publication, stories, elsewhere };
}

describe('feature pages and navigation', () => {
  it('curates stories on a feature page in the editors’ order, linked from the navigation; readers see it', async () => {
    const { owner, publication, stories } = await world();
    const page = {
      collectionId: publication.id,
      originalSlug: null,
      slug: 'best-of',
      title: 'Best of',
      description: 'Our favourites',
      postIds: [stories[2]!.id, stories[0]!.id],
    };
    expect((await as(owner).publications.saveFeaturePage(page)).message).toBe(texts.pageSaved);
    await as(owner).publications.saveNavigation({
      collectionId: publication.id,
      items: [
        { type: 'TOPIC_PAGE', title: 'Best', tagSlug: 'best-of' },
        { type: 'TAG', title: 'Poems', tagSlug: 'poetry' },
        { type: 'EXTERNAL_LINK', title: 'Shop', url: 'https://shop.example.com/' },
        { type: 'ABOUT', title: 'About us' },
      ],
    });
    const seen = await as(null).discovery.publication.featurePage({
      slug: publication.slug,
      topicSlug: 'best-of',
    });
    expect(seen).toMatchObject({ title: 'Best of', description: 'Our favourites' });
    expect(seen.posts.map((p) => p.title)).toEqual(['Story 3', 'Story 1']);
    expect(
      (await as(null).discovery.publication.featured({ slug: publication.slug })).posts.map((p) => p.title),
    ).toEqual(['Story 3', 'Story 1']);
    // Renamed, the page keeps its tab; deleted, the tab goes with it.
    await as(owner).publications.saveFeaturePage({ ...page, originalSlug: 'best-of', slug: 'favourites' });
    let nav = (await db.em().findOneOrFail(Collection, publication.id)).navItems;
    expect(nav[0]).toMatchObject({ type: 'TOPIC_PAGE', tagSlug: 'favourites' });
    await as(owner).publications.deleteFeaturePage({ collectionId: publication.id, pageSlug: 'favourites' });
    nav = (await db.em().findOneOrFail(Collection, publication.id, { refresh: true })).navItems;
    expect(nav.map((i) => i.type)).toEqual(['TAG', 'EXTERNAL_LINK', 'ABOUT']);
    expect(
      (
        await refusal(
          as(null).discovery.publication.featurePage({ slug: publication.slug, topicSlug: 'favourites' }),
        )
      )?.code,
    ).toBe('NOT_FOUND');
  });

  it('refuses other publications’ stories, unknown pages, bad links, too many tabs and people without the right', async () => {
    const { owner, writer, stranger, publication, elsewhere, stories } = await world();
    const base = {
      collectionId: publication.id,
      originalSlug: null,
      slug: 'picks',
      title: 'Picks',
      description: '',
    };
    expect(
      await refusal(as(owner).publications.saveFeaturePage({ ...base, postIds: [elsewhere.id] })),
    ).toMatchObject({
      message: texts.noSuchStory,
    });
    const nav = (items: unknown[]) =>
      refusal(as(owner).publications.saveNavigation({ collectionId: publication.id, items: items as never }));
    expect(await nav([{ type: 'TOPIC_PAGE', title: 'X', tagSlug: 'no-such-page' }])).toMatchObject({
      message: texts.noSuchPage,
    });
    expect(await nav([{ type: 'POST', title: 'X', postId: elsewhere.id }])).toMatchObject({
      message: texts.noSuchStory,
    });
    expect(
      (await nav([{ type: 'EXTERNAL_LINK', title: 'X', url: 'javascript:alert(1)' }]))?.message,
    ).toContain(texts.badUrl);
    expect((await nav([{ type: 'ABOUT', title: '   ' }]))?.message).toContain(texts.titleRequired);
    expect((await nav([{ type: 'ABOUT', title: 'A\u0000' }]))?.code).toBe('BAD_REQUEST');
    const many = Array.from({ length: NAVIGATION_LIMITS.itemsMax + 1 }, () => ({
      type: 'ARCHIVE',
      title: 'Archive',
    }));
    expect((await nav(many))?.message).toContain(texts.tooManyItems);
    for (const viewer of [writer, stranger]) {
      expect((await refusal(as(viewer).publications.navigation({ slug: publication.slug })))?.code).toBe(
        'FORBIDDEN',
      );
      expect(
        (await refusal(as(viewer).publications.saveFeaturePage({ ...base, postIds: [stories[0]!.id] })))
          ?.code,
      ).toBe('FORBIDDEN');
    }
    expect((await db.em().findOneOrFail(Collection, publication.id)).navItems).toEqual([]);
    await as(owner).publications.saveFeaturePage({ ...base, postIds: [] });
    expect(await refusal(as(owner).publications.saveFeaturePage({ ...base, postIds: [] }))).toMatchObject({
      code: 'CONFLICT',
      message: texts.pageSlugTaken,
    });
  });

  it('numbers the pages of all stories, newest first, and answers 404 past the last', async () => {
    const { publication } = await world();
    const all = await as(null).discovery.publication.all({ slug: publication.slug, page: 1 });
    expect(all).toMatchObject({ page: 1, pages: 1, total: 3 });
    expect(all.posts.map((p) => p.title)).toEqual(['Story 3', 'Story 2', 'Story 1']);
    expect(
      (await refusal(as(null).discovery.publication.all({ slug: publication.slug, page: 2 })))?.code,
    ).toBe('NOT_FOUND');
  });
});
