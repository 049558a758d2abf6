import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Catalog, CatalogItem, newId, Post, type User } from '@quire/db';
import {
  catalogSlugId,
  parsePostId,
  SERIES_STORIES_MAX,
  type SeriesFields,
  type SeriesFilter,
  seriesTexts,
  slugify,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { allows, can, LISTED_STORY, listsVisibleTo, loadPolicyViewer } from '../policies';
import { purgeCacheTags, storyTags } from './cache-purge';
import { cardsInOrder } from './discovery';
import { givePlace, placeAfter, takePlace } from './lists/manage';
import { lockUntilCommit } from './locks';
import { announceUnreadCounts } from './notifications';
import { postPath } from './posts';

/*
 * Series (spec §2 Series and sequences; §3 Catalog type SERIES, Post.sequence): a writer's own published stories
 * in reading order. A draft series is private (policy viewList: its creator alone sees it) until it is
 * published; the first publication tells the writer's followers. A story is in at most one series, and its page
 * shows its place and the next story while the series is published.
 */

const SERIES = { type: 'SERIES' } as const satisfies FilterQuery<Catalog>;
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: seriesTexts.notFound });

/** Spec §2 /s/{sequenceSlug}: the series' path ('{slug}-{id}'). */
export const seriesPath = (series: Pick<Catalog, 'id' | 'slug'>) => `/s/${catalogSlugId(series)}`;

/** A series as its cards, header and edit page show it. */
function seriesSummary(series: Catalog, storyCount: number) {
  return {
    id: series.id,
    name: series.name,
    description: series.description,
    sequenceSlug: catalogSlugId(series),
    path: seriesPath(series),
    isPublished: series.visibility === 'PUBLIC',
    storyCount,
    creator: {
      id: series.creator.id,
      username: series.creator.username,
      name: series.creator.name,
      imageId: series.creator.imageId ?? null,
    },
  };
}

/** The series' stories a reader may see, in order, as story cards with their item ids. */
async function seriesStories(em: EntityManager, series: Catalog) {
  const items = await em.find(
    CatalogItem,
    { catalog: series.id, itemType: 'POST', post: LISTED_STORY },
    { fields: ['position', 'post'], orderBy: { position: 'asc', id: 'asc' } },
  );
  const cards = new Map(
    (
      await cardsInOrder(
        em,
        items.map((i) => i.post!.id),
      )
    ).map((c) => [c.id, c]),
  );
  return items.flatMap((i) => {
    const card = cards.get(i.post!.id);
    return card ? [{ ...card, itemId: i.id }] : [];
  });
}

/** A series by id or slug-id the viewer may see (a draft only to its creator), or NOT_FOUND. */
async function visibleSeries(em: EntityManager, viewer: User | null, slugOrId: string) {
  const id = parsePostId(slugOrId);
  const series = id ? await em.findOne(Catalog, { id, ...SERIES }, { populate: ['creator'] }) : null;
  if (!series || series.creator.isDeleted || !(await allows(em, viewer, 'viewList', series)))
    throw notFound();
  return series;
}

/** One of the viewer's series, to change, locked until commit. */
async function editableSeries(em: EntityManager, viewer: User, seriesId: string) {
  const series = await em.findOne(Catalog, { id: seriesId, ...SERIES }, { populate: ['creator'] });
  if (!series) throw notFound();
  const policy = await loadPolicyViewer(em, viewer);
  // A draft is no one else's to know of; a published series is its writer's alone to change.
  if (!can(policy, 'viewList', series)) throw notFound();
  if (!can(policy, 'editList', series))
    throw new TRPCError({ code: 'FORBIDDEN', message: seriesTexts.onlyWriter });
  await lockUntilCommit(em, `series:${series.id}`);
  return series;
}

/** Drops the cached pages of the series' stories (they show its name and the next story). */
async function purgeStories(em: EntityManager, series: Catalog) {
  const posts = await em.find(Post, { sequence: series.id }, { fields: ['id', 'creator', 'collection'] });
  await purgeCacheTags(
    em,
    posts.flatMap((p) => storyTags(p)),
  );
}

/** A series' title and path, for a page that does not list its stories (its share page). */
export async function seriesHeader(em: EntityManager, viewer: User | null, slugOrId: string) {
  const series = await visibleSeries(em, viewer, slugOrId);
  return { name: series.name, path: seriesPath(series) };
}

/** Spec §2 /s/{sequenceSlug}: the series' header and its stories in order. */
export async function seriesPage(em: EntityManager, viewer: User | null, slugOrId: string) {
  const series = await visibleSeries(em, viewer, slugOrId);
  const stories = await seriesStories(em, series);
  const viewerCanEdit = await allows(em, viewer, 'editList', series);
  return { ...seriesSummary(series, stories.length), viewerCanEdit, stories };
}

/** A new draft series of the viewer's, empty. */
export async function createSeries(em: EntityManager, viewer: User, fields: SeriesFields) {
  const series = em.create(Catalog, {
    creator: viewer,
    type: 'SERIES',
    visibility: 'PRIVATE',
    name: fields.name,
    description: fields.description,
    slug: slugify(fields.name).slice(0, 100),
  });
  await em.flush();
  return seriesSummary(series, 0);
}

/** Retitles or redescribes one of the viewer's series. */
export async function updateSeries(em: EntityManager, viewer: User, seriesId: string, fields: SeriesFields) {
  const series = await editableSeries(em, viewer, seriesId);
  series.name = fields.name;
  series.description = fields.description;
  series.slug = slugify(fields.name).slice(0, 100);
  await em.flush();
  await purgeStories(em, series);
  return seriesSummary(series, series.itemsCount);
}

/** Deletes one of the viewer's series; its stories stay published, in no series. */
export async function deleteSeries(em: EntityManager, viewer: User, seriesId: string) {
  const series = await editableSeries(em, viewer, seriesId);
  await purgeStories(em, series);
  await em.nativeUpdate(Post, { sequence: series.id }, { sequence: null });
  await em.remove(series).flush();
  return { id: seriesId };
}

/**
 * Adds one of the viewer's own published stories to the end of their series (included: true) or takes it out.
 * A story is in one series at most; a series holds at most SERIES_STORIES_MAX.
 */
export async function setSeriesStory(
  em: EntityManager,
  viewer: User,
  seriesId: string,
  postId: string,
  included: boolean,
) {
  const series = await editableSeries(em, viewer, seriesId);
  const post = await em.findOne(Post, { $and: [{ id: postId, creator: viewer.id }, LISTED_STORY] });
  if (!post) throw new TRPCError({ code: 'BAD_REQUEST', message: seriesTexts.notYours });
  await lockUntilCommit(em, `story-series:${post.id}`);
  const item = await em.findOne(CatalogItem, { catalog: series.id, post: post.id });
  if (included && !item) {
    if (post.sequence && post.sequence.id !== series.id)
      throw new TRPCError({ code: 'BAD_REQUEST', message: seriesTexts.inAnother });
    await takePlace(em, series.id, SERIES_STORIES_MAX, seriesTexts.full);
    const [last] = await em.find(
      CatalogItem,
      { catalog: series.id },
      { fields: ['position'], orderBy: { position: 'desc' }, limit: 1 },
    );
    em.create(CatalogItem, { catalog: series, itemType: 'POST', post, position: (last?.position ?? -1) + 1 });
    post.sequence = series;
    await em.flush();
  } else if (!included && item) {
    await em.remove(item).flush();
    post.sequence = null;
    await em.flush();
    await givePlace(em, series.id);
  }
  await purgeCacheTags(em, storyTags({ id: post.id, creator: viewer, collection: post.collection ?? null }));
  return { seriesId, postId, included };
}

/** Moves a story of the viewer's series right after another (first when afterItemId is null). */
export async function moveSeriesStory(
  em: EntityManager,
  viewer: User,
  seriesId: string,
  itemId: string,
  afterItemId: string | null,
) {
  const series = await editableSeries(em, viewer, seriesId);
  const ids = [itemId, ...(afterItemId ? [afterItemId] : [])];
  if ((await em.count(CatalogItem, { id: { $in: ids }, catalog: series.id })) !== ids.length)
    throw notFound();
  const order = await placeAfter(em, series.id, itemId, afterItemId);
  await purgeStories(em, series);
  return { seriesId, itemIds: order };
}

/**
 * Publishes one of the viewer's series (published: true) or makes it a draft again. Its first publication
 * tells every follower of the writer ('series_published'), in one statement, leaving out those who muted or
 * blocked the writer and deleted accounts.
 */
export async function publishSeries(em: EntityManager, viewer: User, seriesId: string, published: boolean) {
  const series = await editableSeries(em, viewer, seriesId);
  const first = published && !series.publishedAt;
  series.visibility = published ? 'PUBLIC' : 'PRIVATE';
  if (first) series.publishedAt = new Date();
  await em.flush();
  if (first) await tellFollowers(em, series);
  await purgeStories(em, series);
  return seriesSummary(series, series.itemsCount);
}

/** The writer's followers' 'series_published' notifications, written with the publication. */
async function tellFollowers(em: EntityManager, series: Catalog) {
  const writer = series.creator.id;
  const followers = await em.execute<{ id: string }[]>(
    `select f.follower_id as id from follow_users f join users u on u.id = f.follower_id
      where f.target_id = ? and not u.is_deleted
        and not exists (select 1 from mute_users m where m.user_id = f.follower_id and m.target_id = ?)
        and not exists (select 1 from blocks b where b.blocker_id = f.follower_id and b.blocked_id = ?)`,
    [writer, writer, writer],
  );
  if (!followers.length) return;
  const now = new Date();
  await em.execute(
    `insert into notifications (id, created_at, updated_at, recipient_id, notification_type, activity_type,
                                actor_id, rollup_key, rollup_items, catalog_id, occurred_at)
     select v.id, ?, ?, v.recipient, 'series_published', 'series_published', ?, null, '[]', ?, ?
       from unnest(string_to_array(?, ','), string_to_array(?, ',')) as v(id, recipient)`,
    [
      now,
      now,
      writer,
      series.id,
      now,
      followers.map(() => newId()).join(','),
      followers.map((f) => f.id).join(','),
    ],
  );
  await announceUnreadCounts(
    em,
    followers.map((f) => f.id),
  );
}

/** /me/series[/{filterBy}]: the viewer's series, published or drafts, most recently changed first. */
export async function mySeries(em: EntityManager, viewer: User, filter: SeriesFilter) {
  const series = await em.find(
    Catalog,
    { creator: viewer.id, ...SERIES, visibility: filter === 'published' ? 'PUBLIC' : 'PRIVATE' },
    { populate: ['creator'], orderBy: { updatedAt: 'desc', id: 'desc' }, limit: 100 },
  );
  return { series: series.map((s) => seriesSummary(s, s.itemsCount)) };
}

/** /@{username}/series: the writer's published series, newest first. */
export async function writerSeries(em: EntityManager, viewer: User | null, writer: User) {
  const series = await em.find(
    Catalog,
    { $and: [{ creator: writer.id, ...SERIES }, listsVisibleTo(viewer?.id ?? null)] },
    { populate: ['creator'], orderBy: { updatedAt: 'desc', id: 'desc' }, limit: 100 },
  );
  return { series: series.map((s) => seriesSummary(s, s.itemsCount)) };
}

/** The viewer's published stories that are in no series yet: what the edit page offers to add. */
export async function seriesCandidates(em: EntityManager, viewer: User) {
  const posts = await em.find(
    Post,
    { $and: [{ creator: viewer.id, sequence: null }, LISTED_STORY] },
    { fields: ['id', 'title'], orderBy: { latestPublishedAt: 'desc' }, limit: 200 },
  );
  return { stories: posts.map((p) => ({ id: p.id, title: p.title || 'Untitled story' })) };
}

/**
 * A story's place in its published series, for its page: the series, its position and count, and the stories
 * before and after it; null when it is in no published series.
 */
export async function storySeries(em: EntityManager, post: { id: string; sequence?: { id: string } | null }) {
  if (!post.sequence) return null;
  const series = await em.findOne(Catalog, { id: post.sequence.id, ...SERIES, visibility: 'PUBLIC' });
  if (!series) return null;
  const items = await em.find(
    CatalogItem,
    { catalog: series.id, itemType: 'POST', post: LISTED_STORY },
    {
      fields: ['position', 'post.id', 'post.title', 'post.uniqueSlug', 'post.creator', 'post.collection'],
      populate: ['post.creator', 'post.collection'],
      orderBy: { position: 'asc', id: 'asc' },
    },
  );
  const at = items.findIndex((i) => i.post!.id === post.id);
  if (at === -1) return null;
  const link = (i: (typeof items)[number] | undefined) =>
    i ? { id: i.post!.id, title: i.post!.title || 'Untitled story', mediumUrl: postPath(i.post!) } : null;
  return {
    name: series.name,
    path: seriesPath(series),
    position: at + 1,
    count: items.length,
    previous: link(items[at - 1]),
    next: link(items[at + 1]),
  };
}

/** Spec §2 /series/{postId}: a series by its id, as its path ('{slug}-{id}') — for the legacy shape of the address. */
export async function seriesPathOf(em: EntityManager, viewer: User | null, id: string) {
  const series = await visibleSeries(em, viewer, id);
  return { path: seriesPath(series) };
}
