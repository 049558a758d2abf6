import type { EntityManager } from '@mikro-orm/postgresql';
import { FollowTag, preparedEntity, preparedRows, Tag, type User } from '@quire/db';
import {
  accessTexts,
  HOME_MODULE_SIZES,
  moduleTypeOf,
  type TopTimePeriod,
  topPeriodStart,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { allows, enforce, LISTED_STORY_SQL, LISTED_TAG, LISTED_TAG_SQL } from '../policies';
import {
  type ArchivePath,
  archiveIndex,
  archiveRangeOf,
  DISCOVERY_PAGE_SIZE,
  publishedIn,
  rankedStoryPage,
} from './discovery';
import { pageOf, type ScoreCursor, type TimeCursor } from './keyset';
import { oncePerRequest } from './request-memo';
import { SharedReads } from './shared-reads';
import { listedStoryPage, storyPage, taggedWith } from './story-lists';

/*
 * Tags and topics (spec §2 /topic/{topicSlug}, /tag/{tagSlug} and its sub-pages, /topics). Who may see a tag
 * is the policy's viewTag rule.
 */

/** A tag or topic by its slug, when the viewer may see it; NOT_FOUND otherwise. */
export async function publicTag(em: EntityManager, viewer: User | null, slug: string) {
  const wanted = slug.toLowerCase();
  const find = () => preparedEntity(em, Tag, 'tags', 't.slug = ?', [wanted]);
  // A topic page's parts each ask for its tag: looked up once per request while it still has that slug.
  const kept = await oncePerRequest(em, `tag:${wanted}`, find);
  const tag = kept && kept.slug === wanted ? kept : await find();
  if (!tag) throw new TRPCError({ code: 'NOT_FOUND', message: accessTexts.topicNotFound });
  await enforce(em, viewer, 'viewTag', tag);
  return tag;
}

/** Spec §2 /topic/{topicSlug} and /tag/{tagSlug}: the header of a topic or tag page. */
export async function topicHeader(em: EntityManager, viewer: User | null, slug: string) {
  const tag = await publicTag(em, viewer, slug);
  const [following] = viewer
    ? await preparedRows<{ following: boolean }>(
        em,
        'select exists (select 1 from follow_tags where follower_id = ? and tag_id = ?) as following',
        [viewer.id, tag.id],
      )
    : [];
  return {
    id: tag.id,
    slug: tag.slug,
    name: tag.name,
    postCount: tag.postCount,
    followerCount: tag.followerCount,
    viewerEdge: { isFollowing: following?.following ?? false },
  };
}

/** Each topic's related topics by its id: the same for every reader who may see the topic. */
const relatedOf = new SharedReads<{ id: string; slug: string; name: string }[]>(1000);

/**
 * Spec §9 RELATED_TAGS on a topic or tag page: the public topics that most often tag the same stories, counted
 * over the tag's newest listed stories (HOME_MODULE_SIZES.topicWindow, so a big topic costs the same), in one
 * statement, which a process may keep for `cacheMs` (they may then lag that long behind new stories and tags).
 * NOT_FOUND, as the page, for a tag the viewer may not see.
 */
export async function relatedTags(
  em: EntityManager,
  viewer: User | null,
  slug: string,
  opts: { cacheMs?: number } = {},
) {
  const tag = await publicTag(em, viewer, slug);
  const rows = await relatedOf.get(tag.id, opts.cacheMs ?? 0, () =>
    preparedRows<{ id: string; slug: string; name: string }>(
      em,
      // The tag's newest stories in the order of post_tags' (tag, published_at, post) index: no sort of all of them.
      `with recent as (
         select p.id from post_tags pt join posts p on p.id = pt.post_id
          where pt.tag_id = ? and pt.published_at is not null and ${LISTED_STORY_SQL}
          order by pt.published_at desc, pt.post_id desc limit ?)
       select t.id, t.slug, t.name
         from recent r join post_tags o on o.post_id = r.id join tags t on t.id = o.tag_id
        where o.tag_id <> ? and ${LISTED_TAG_SQL}
        group by t.id, t.slug, t.name, t.post_count
        order by count(*) desc, t.post_count desc, t.name, t.id
        limit ?`,
      [tag.id, HOME_MODULE_SIZES.topicWindow, tag.id, HOME_MODULE_SIZES.relatedTags],
    ),
  );
  return {
    ...moduleTypeOf('RELATED_TAGS'),
    topics: rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name })),
  };
}

/** The tag's listed stories, newest first. */
export async function topicStories(
  em: EntityManager,
  viewer: User | null,
  slug: string,
  cursor: TimeCursor | null | undefined,
  opts: { cacheMs?: number } = {},
) {
  const tag = await publicTag(em, viewer, slug);
  return listedStoryPage(em, { tagId: tag.id }, cursor, opts);
}

/** /tag/{tagSlug}/top/{timePeriod}: the tag's stories published in the period, most claps first. */
export function tagTopStories(
  em: EntityManager,
  tag: Pick<Tag, 'id'>,
  period: TopTimePeriod,
  now: Date,
  cursor: ScoreCursor | null | undefined,
) {
  const start = topPeriodStart(period, now);
  const tagged = taggedWith(em, tag.id);
  const where = start ? { $and: [tagged, { latestPublishedAt: { $gte: start } }] } : tagged;
  return rankedStoryPage(em, where, 'clapCount', cursor);
}

/** /tag/{tagSlug}/archive[/{year}[/{month}[/{day}]]]: the years and months that have tagged stories. */
export async function tagArchive(em: EntityManager, tag: Tag, path: ArchivePath) {
  const range = archiveRangeOf(path);
  const index = await archiveIndex(em, { tagId: tag.id }, range.year);
  return { name: tag.name, ...index };
}

/** The tag archive's stories in the selected range, newest first. */
export const tagArchiveStories = (
  em: EntityManager,
  tag: Pick<Tag, 'id'>,
  path: ArchivePath,
  cursor: TimeCursor | null | undefined,
) => storyPage(em, { $and: [taggedWith(em, tag.id), publishedIn(archiveRangeOf(path))] }, cursor);

/** A cursor after a topic in name order (the /topics page runs A to Z). */
export interface TopicCursor {
  name: string;
  id: string;
}

/** /topics: every public topic by name, with its follower and story counts and whether the viewer follows it. */
export async function topicsPage(
  em: EntityManager,
  viewer: User | null,
  cursor: TopicCursor | null | undefined,
) {
  const after = cursor
    ? { $or: [{ name: { $gt: cursor.name } }, { name: cursor.name, id: { $gt: cursor.id } }] }
    : {};
  const rows = await em.find(
    Tag,
    // Public topics only, as the policy's isListedTag.
    { $and: [{ isTopic: true, ...LISTED_TAG }, after] },
    { orderBy: { name: 'asc', id: 'asc' }, limit: DISCOVERY_PAGE_SIZE + 1 },
  );
  const { rows: page, next } = pageOf(rows, DISCOVERY_PAGE_SIZE, (t) => ({ name: t.name, id: t.id }));
  const followed = new Set(
    viewer && page.length
      ? (
          await em.find(
            FollowTag,
            { follower: viewer.id, tag: { $in: page.map((t) => t.id) } },
            { fields: ['tag'] },
          )
        ).map((f) => f.tag.id)
      : [],
  );
  return {
    topics: page.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      followerCount: t.followerCount,
      postCount: t.postCount,
      viewerEdge: { isFollowing: followed.has(t.id) },
    })),
    next,
  };
}

/** A tag's id by slug, or null (what the cache worker tags a tag's pages with). */
export async function tagIdBySlug(em: EntityManager, viewer: User | null, slug: string) {
  const tag = await em.findOne(Tag, { slug }, { fields: ['id', 'visibility'] });
  return tag && (await allows(em, viewer, 'viewTag', tag)) ? { id: tag.id } : null;
}
