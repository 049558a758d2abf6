import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, type CollectionNavItem, FeaturePage, Post, Tag, type User } from '@quire/db';
import {
  type FeaturePageInput,
  HOME_SECTIONS,
  NAVIGATION_LIMITS,
  type NavItemInput,
  navItemLink,
  navigationTexts as texts,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { can, loadPolicyViewer, PUBLICATION_STORY } from '../../policies';
import { fieldError } from '../account/field-errors';
import { lockUntilCommit } from '../locks';
import { CARD_FIELDS, postCard } from '../posts';
import { storyPage, taggedWith } from '../story-lists';
import { managedPublication, publicationChanged } from './people';

/*
 * A publication's navigation bar and feature pages (spec §2 /settings/navigation, /settings/feature-pages,
 * /{topicSlug}/home, /featured, /all[/{page}]). Editors change them; everyone who may see the publication reads
 * them, and a feature page shows only the curated stories the listing rule lets its pages show.
 */

/** The publication's published stories among `ids`, as cards in the order of `ids`. */
async function cardsInOrder(em: EntityManager, collectionId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  const posts = await em.find(
    Post,
    { $and: [PUBLICATION_STORY, { collection: collectionId, id: { $in: [...ids] } }] },
    { fields: CARD_FIELDS, strategy: 'joined' },
  );
  const byId = new Map(posts.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const post = byId.get(id);
    return post ? [postCard(post)] : [];
  });
}

const pageSummary = (page: FeaturePage) => ({
  slug: page.slug,
  title: page.title,
  description: page.description,
  storyCount: page.postIds.length,
});

/** /settings/navigation and /settings/feature-pages: the tabs, the feature pages, and stories to choose from. */
export async function navigationSettings(em: EntityManager, viewer: User, slug: string) {
  const found = await managedPublication(em, viewer, { slug });
  const [collection, pages, recent] = await Promise.all([
    em.findOneOrFail(Collection, found.id, { fields: ['navItems'] }),
    em.find(FeaturePage, { collection: found.id }, { orderBy: { title: 'asc' } }),
    em.find(
      Post,
      { $and: [PUBLICATION_STORY, { collection: found.id }] },
      { fields: ['id', 'title'], orderBy: { latestPublishedAt: 'desc', id: 'desc' }, limit: 100 },
    ),
  ]);
  return {
    publication: { id: found.id, name: found.name, slug: found.slug },
    navItems: collection.navItems,
    featurePages: pages.map(pageSummary),
    stories: recent.map((p) => ({ id: p.id, title: p.title })),
  };
}

/** Saves the navigation bar; a feature page or story it names must be the publication's. */
export async function saveNavigation(
  em: EntityManager,
  viewer: User,
  input: { collectionId: string; items: NavItemInput[] },
) {
  const found = await managedPublication(em, viewer, { id: input.collectionId });
  const pageSlugs = input.items.flatMap((i) => (i.type === 'TOPIC_PAGE' ? [i.tagSlug] : []));
  if (
    pageSlugs.length &&
    (await em.count(FeaturePage, { collection: found.id, slug: { $in: pageSlugs } })) <
      new Set(pageSlugs).size
  )
    throw fieldError('items', texts.noSuchPage);
  const postIds = input.items.flatMap((i) => (i.type === 'POST' ? [i.postId] : []));
  if (
    postIds.length &&
    (await cardsInOrder(em, found.id, [...new Set(postIds)])).length < new Set(postIds).size
  )
    throw fieldError('items', texts.noSuchStory);
  const collection = await em.findOneOrFail(Collection, found.id);
  collection.navItems = input.items.map((item): CollectionNavItem => ({ ...item }));
  await publicationChanged(em, found.id);
  return { message: texts.saved, navItems: collection.navItems };
}

/** /settings/feature-pages/{topicSlug}/edit: one feature page as its form edits it. */
export async function featurePageForEdit(em: EntityManager, viewer: User, slug: string, pageSlug: string) {
  const found = await managedPublication(em, viewer, { slug });
  const page = await em.findOne(FeaturePage, { collection: found.id, slug: pageSlug });
  if (!page) throw new TRPCError({ code: 'NOT_FOUND', message: texts.featurePageNotFound });
  return { ...pageSummary(page), postIds: page.postIds };
}

/** Creates or changes a feature page; its stories must be published in the publication. */
export async function saveFeaturePage(em: EntityManager, viewer: User, input: FeaturePageInput) {
  const found = await managedPublication(em, viewer, { id: input.collectionId });
  await lockUntilCommit(em, `feature-pages:${found.id}`);
  // Checked before a new page exists: a query flushes what the unit of work holds.
  if (
    !input.originalSlug &&
    (await em.count(FeaturePage, { collection: found.id })) >= NAVIGATION_LIMITS.featurePagesMax
  )
    throw fieldError('title', texts.tooManyPages);
  if (
    input.slug !== input.originalSlug &&
    (await em.count(FeaturePage, { collection: found.id, slug: input.slug }))
  )
    throw fieldError('slug', texts.pageSlugTaken, 'CONFLICT');
  if ((await cardsInOrder(em, found.id, input.postIds)).length < input.postIds.length)
    throw fieldError('postIds', texts.noSuchStory);
  const page = input.originalSlug
    ? await em.findOne(FeaturePage, { collection: found.id, slug: input.originalSlug })
    : em.create(FeaturePage, { collection: found.id, slug: input.slug, title: input.title });
  if (!page) throw new TRPCError({ code: 'NOT_FOUND', message: texts.featurePageNotFound });
  // A renamed page keeps its navigation tab.
  if (input.originalSlug && input.slug !== input.originalSlug) {
    const collection = await em.findOneOrFail(Collection, found.id);
    collection.navItems = collection.navItems.map((item) =>
      item.type === 'TOPIC_PAGE' && item.tagSlug === input.originalSlug
        ? { ...item, tagSlug: input.slug }
        : item,
    );
  }
  page.slug = input.slug;
  page.title = input.title;
  page.description = input.description;
  page.postIds = input.postIds;
  await publicationChanged(em, found.id);
  return { message: texts.pageSaved, ...pageSummary(page) };
}

/** Deletes a feature page and the navigation tabs that led to it. */
export async function deleteFeaturePage(
  em: EntityManager,
  viewer: User,
  input: { collectionId: string; pageSlug: string },
) {
  const found = await managedPublication(em, viewer, { id: input.collectionId });
  const page = await em.findOne(FeaturePage, { collection: found.id, slug: input.pageSlug });
  if (!page) throw new TRPCError({ code: 'NOT_FOUND', message: texts.featurePageNotFound });
  const collection = await em.findOneOrFail(Collection, found.id);
  collection.navItems = collection.navItems.filter(
    (i) => !(i.type === 'TOPIC_PAGE' && i.tagSlug === page.slug),
  );
  em.remove(page);
  await publicationChanged(em, found.id);
  return { message: texts.pageDeleted };
}

// ── What readers see ──────────────────────────────────────────────────────────────────────────

/** /{collectionSlug}/{topicSlug}/home: a feature page's title, description and stories. */
export async function featurePage(em: EntityManager, c: Pick<Collection, 'id'>, pageSlug: string) {
  const page = await em.findOne(FeaturePage, { collection: c.id, slug: pageSlug });
  if (!page) throw new TRPCError({ code: 'NOT_FOUND', message: texts.featurePageNotFound });
  return { ...pageSummary(page), posts: await cardsInOrder(em, c.id, page.postIds) };
}

/** /{collectionSlug}/featured: the stories of its feature pages, page by page, each once. */
export async function featuredStories(em: EntityManager, c: Pick<Collection, 'id'>) {
  const pages = await em.find(
    FeaturePage,
    { collection: c.id },
    { fields: ['postIds'], orderBy: { title: 'asc' } },
  );
  const ids = [...new Set(pages.flatMap((p) => p.postIds))].slice(
    0,
    NAVIGATION_LIMITS.featurePageStoriesMax * 2,
  );
  return { posts: await cardsInOrder(em, c.id, ids) };
}

/** /{collectionSlug}/all[/{page}]: every story on its pages, newest first, numbered pages. */
export async function allStories(em: EntityManager, c: Pick<Collection, 'id'>, page: number) {
  const where = { $and: [PUBLICATION_STORY, { collection: c.id }] };
  const size = NAVIGATION_LIMITS.allPageSize;
  const [posts, total] = await Promise.all([
    em.find(Post, where, {
      fields: CARD_FIELDS,
      strategy: 'joined',
      orderBy: { latestPublishedAt: 'desc', id: 'desc' },
      limit: size,
      offset: (page - 1) * size,
    }),
    em.count(Post, where),
  ]);
  const pages = Math.max(1, Math.ceil(total / size));
  if (page > pages) throw new TRPCError({ code: 'NOT_FOUND', message: texts.allEmpty });
  return { page, pages, total, posts: posts.map(postCard) };
}

/**
 * The SECTIONS homepage's first screen: its featured stories, then, for each of its first tabs that leads to a tag
 * or a feature page, that tab's newest (or curated) stories. A tab whose tag is unknown or whose page is gone, or
 * that has no story to show, is left out.
 */
export async function homeSections(
  em: EntityManager,
  viewer: User | null,
  c: Pick<Collection, 'id' | 'slug' | 'navItems'>,
) {
  const tabs = c.navItems
    .filter((item) => (item.type === 'TAG' || item.type === 'TOPIC_PAGE') && item.tagSlug)
    .slice(0, HOME_SECTIONS.tabsMax);
  const tagSlugs = tabs.filter((t) => t.type === 'TAG').map((t) => t.tagSlug!.toLowerCase());
  const pageSlugs = tabs.filter((t) => t.type === 'TOPIC_PAGE').map((t) => t.tagSlug!);
  const [featured, tags, pages] = await Promise.all([
    featuredStories(em, c),
    tagSlugs.length ? em.find(Tag, { slug: { $in: tagSlugs } }, { fields: ['slug', 'visibility'] }) : [],
    pageSlugs.length ? em.find(FeaturePage, { collection: c.id, slug: { $in: pageSlugs } }) : [],
  ]);
  const policy = await loadPolicyViewer(em, viewer);
  const tagIds = new Map(tags.filter((t) => can(policy, 'viewTag', t)).map((t) => [t.slug, t.id]));
  const pageIds = new Map(pages.map((p) => [p.slug, p.postIds.slice(0, HOME_SECTIONS.storiesPerTab)]));
  const sections = await Promise.all(
    tabs.map(async (tab) => {
      const slug = tab.tagSlug!;
      const tagId = tab.type === 'TAG' ? tagIds.get(slug.toLowerCase()) : undefined;
      const posts =
        tab.type === 'TOPIC_PAGE'
          ? await cardsInOrder(em, c.id, pageIds.get(slug) ?? [])
          : tagId
            ? (
                await storyPage(em, { $and: [{ collection: c.id }, taggedWith(em, tagId)] }, null, {
                  limit: HOME_SECTIONS.storiesPerTab,
                  inPublication: true,
                })
              ).posts
            : [];
      const link = navItemLink(tab, c.slug);
      return { title: link.title, href: link.href, posts };
    }),
  );
  return {
    featured: featured.posts.slice(0, HOME_SECTIONS.featuredMax),
    sections: sections.filter((s) => s.posts.length > 0),
  };
}
