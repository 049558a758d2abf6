import type { EntityManager } from '@mikro-orm/postgresql';
import { Tag, type User } from '@quire/db';
import { HOME_MODULE_SIZES, moduleTypeOf, quireRoutes, type ReadNextGroupKind } from '@quire/domain';
import { LISTED_STORY_SQL, LISTED_TAG, LISTED_TAG_SQL } from '../policies';
import { cardsInOrder, peopleInOrder } from './discovery';
import { type Candidate, candidates, readerSets } from './feed';
import { type PostCard, storyFor } from './posts';
import { suggestedWriters } from './your-pages';

/*
 * The home page's right column (spec §9 FEATURED_STORIES, RECOMMENDED_TOPICS, TOP_WRITERS) and the Read next
 * section under a story (READ_NEXT_SIDEBAR, MOST_POPULAR_STORIES_IN_TOPIC). Everything comes from the listing
 * filters: cards carry no body text, and a story that may not be listed never shows. The right column is read
 * from the For you candidates (the newest listed stories, one bounded query a process may share), so for every
 * anonymous visitor it is the same; a signed-in reader's blocks, mutes and follows only take items away, and
 * their writers to follow are their own suggestions.
 */

type ReaderSets = Awaited<ReturnType<typeof readerSets>>;

/** Whether the reader's blocks (either way), mutes or turned-down stories hide a story from them. */
const hiddenBy =
  (sets: ReaderSets | null) =>
  (story: { id: string; creatorId: string; collectionId: string | null }): boolean =>
    !!sets &&
    (sets.blocked.has(story.creatorId) ||
      sets.mutedWriters.has(story.creatorId) ||
      sets.turnedDownPosts.has(story.id) ||
      (story.collectionId !== null && sets.mutedPublications.has(story.collectionId)));

const byClapsThenNewest = (a: Candidate, b: Candidate) =>
  b.claps - a.claps || b.publishedAt - a.publishedAt || (a.id < b.id ? 1 : -1);

/**
 * Staff picks: the newest stories curation marked DISTRIBUTED, then (to fill up) the most clapped of the newest
 * stories; one story per writer. `stories` is newest first.
 */
export function staffPickIds(stories: Candidate[], limit: number): string[] {
  const picks: Candidate[] = [];
  const writers = new Set<string>();
  const take = (list: Candidate[]) => {
    for (const story of list) {
      if (picks.length >= limit) return;
      if (writers.has(story.creatorId) || picks.includes(story)) continue;
      writers.add(story.creatorId);
      picks.push(story);
    }
  };
  take(stories.filter((s) => s.curationStatus === 'DISTRIBUTED'));
  take([...stories].sort(byClapsThenNewest));
  return picks.map((s) => s.id);
}

/** Tag ids by how many of `stories` carry them, most first. */
function tagsByUse(stories: Candidate[]): string[] {
  const uses = new Map<string, number>();
  for (const story of stories) for (const tag of story.tagIds) uses.set(tag, (uses.get(tag) ?? 0) + 1);
  return [...uses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
}

/** Writer ids by the claps on their stories among `stories`, most first. */
function writersByClaps(stories: Candidate[]): string[] {
  const claps = new Map<string, number>();
  for (const story of stories) claps.set(story.creatorId, (claps.get(story.creatorId) ?? 0) + story.claps);
  return [...claps].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
}

/** Public topics by id, in the order given (hidden or staff-only ones left out). */
async function topicsInOrder(em: EntityManager, ids: string[]) {
  if (!ids.length) return [];
  const tags = await em.find(Tag, { id: { $in: ids }, ...LISTED_TAG }, { fields: ['id', 'name', 'slug'] });
  const byId = new Map(tags.map((t) => [t.id, { id: t.id, name: t.name, slug: t.slug }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The home page's right column: staff picks, recommended topics and writers to follow, each with its spec §9
 * module type. Bounded: the shared candidates (FOR_YOU_CANDIDATES newest stories) plus a lookup by id per module.
 */
export async function homeModules(em: EntityManager, viewer: User | null, opts: { cacheMs?: number } = {}) {
  const size = HOME_MODULE_SIZES;
  const stories = await candidates(em, opts.cacheMs ?? 0);
  const sets = viewer ? await readerSets(em, viewer) : null;
  const hidden = hiddenBy(sets);
  const visible = sets ? stories.filter((s) => !hidden(s)) : stories;

  const posts = await cardsInOrder(em, staffPickIds(visible, size.featuredStories));
  // A few more than shown, so the ones the reader already follows can be left out.
  const topicIds = tagsByUse(visible)
    .filter((id) => !sets?.topics.has(id))
    .slice(0, size.recommendedTopics * 2);
  const topics = (await topicsInOrder(em, topicIds)).slice(0, size.recommendedTopics);
  const people = viewer
    ? (await suggestedWriters(em, viewer, size.topWriters, stories)).people
    : (await peopleInOrder(em, null, writersByClaps(visible).slice(0, size.topWriters * 2))).slice(
        0,
        size.topWriters,
      );
  return {
    featuredStories: { ...moduleTypeOf('FEATURED_STORIES'), posts },
    recommendedTopics: { ...moduleTypeOf('RECOMMENDED_TOPICS'), topics },
    topWriters: { ...moduleTypeOf('TOP_WRITERS'), people },
  };
}

export type HomeModules = Awaited<ReturnType<typeof homeModules>>;

/** The story's topic for its Read next group: its primary topic, else its first tag; public ones only. */
async function readNextTopic(
  em: EntityManager,
  post: { id: string; primaryTopic?: { id: string } | null },
): Promise<{ id: string; name: string; slug: string } | null> {
  // One statement: the primary topic when it is listed, else the first listed tag by position.
  const [topic] = await em.execute<{ id: string; name: string; slug: string }[]>(
    `(select t.id, t.name, t.slug, 0 as rank from tags t where t.id = ? and ${LISTED_TAG_SQL})
     union all
     (select t.id, t.name, t.slug, 1 from post_tags pt join tags t on t.id = pt.tag_id
       where pt.post_id = ? and ${LISTED_TAG_SQL} order by pt.position limit 1)
     order by rank limit 1`,
    [post.primaryTopic?.id ?? null, post.id],
  );
  return topic ? { id: topic.id, name: topic.name, slug: topic.slug } : null;
}

interface ReadNextRow {
  grp: ReadNextGroupKind;
  id: string;
  creator_id: string;
  collection_id: string | null;
}

/** One group of Read next: what it is more of, and its story cards. */
export interface ReadNextGroup {
  kind: ReadNextGroupKind;
  moduleType: 'READ_NEXT_SIDEBAR' | 'MOST_POPULAR_STORIES_IN_TOPIC';
  moduleTypeId: number;
  /** The writer's, publication's or topic's name and page. */
  name: string;
  href: string;
  posts: PostCard[];
}

/**
 * 'Read next' under a story: more from its writer (newest first), from its publication (newest first) and on its
 * topic (the most clapped of the topic's newest stories), up to `readNextPerGroup` each, no story twice and never
 * the story itself. NOT_FOUND (as the story page) for a story the viewer may not read. One statement picks every
 * group, each part on its own index ((creator, status, latest_published_at), (collection, status,
 * latest_published_at), post_tags (tag, post)) with a LIMIT.
 */
export async function readNext(em: EntityManager, viewer: User | null, postId: string) {
  const post = await storyFor(em, viewer, postId);
  const topic = await readNextTopic(em, post);
  const sets = viewer ? await readerSets(em, viewer) : null;
  const hidden = hiddenBy(sets);
  const n = HOME_MODULE_SIZES.readNextPerGroup;
  const columns = 'p.id, p.creator_id, p.collection_id, p.latest_published_at, p.clap_count';
  const rows = await em.execute<ReadNextRow[]>(
    `(select 'writer' as grp, id, creator_id, collection_id from (
        select ${columns} from posts p
         where p.creator_id = ? and p.id <> ? and ${LISTED_STORY_SQL}
         order by p.latest_published_at desc, p.id desc limit ?) w)
     union all
     (select 'publication', id, creator_id, collection_id from (
        select ${columns} from posts p
         where p.collection_id = ? and p.id <> ? and ${LISTED_STORY_SQL}
         order by p.latest_published_at desc, p.id desc limit ?) c)
     union all
     (select 'topic', id, creator_id, collection_id from (
        select ${columns} from posts p join post_tags pt on pt.post_id = p.id
         where pt.tag_id = ? and p.id <> ? and ${LISTED_STORY_SQL}
         order by p.latest_published_at desc, p.id desc limit ?) t
      order by clap_count desc, latest_published_at desc, id desc limit ?)`,
    [
      post.creator.id,
      post.id,
      n,
      // Enough to fill the group after the writer's own stories are taken out.
      post.collection?.id ?? null,
      post.id,
      n * 2,
      topic?.id ?? null,
      post.id,
      HOME_MODULE_SIZES.topicWindow,
      n * 4,
    ],
  );
  const shown = new Set<string>();
  const idsOf = (kind: ReadNextGroupKind) => {
    const ids: string[] = [];
    for (const row of rows) {
      if (row.grp !== kind || ids.length >= n || shown.has(row.id)) continue;
      if (hidden({ id: row.id, creatorId: row.creator_id, collectionId: row.collection_id })) continue;
      shown.add(row.id);
      ids.push(row.id);
    }
    return ids;
  };
  const picked = {
    writer: idsOf('writer'),
    publication: idsOf('publication'),
    topic: idsOf('topic'),
  };
  const cards = new Map(
    (await cardsInOrder(em, [...picked.writer, ...picked.publication, ...picked.topic])).map((c) => [
      c.id,
      c,
    ]),
  );
  const cardsOf = (ids: string[]) => ids.flatMap((id) => cards.get(id) ?? []);
  const readNextType = moduleTypeOf('READ_NEXT_SIDEBAR');
  const groups: ReadNextGroup[] = [
    {
      kind: 'writer',
      ...readNextType,
      name: post.creator.name,
      href: quireRoutes.build('ShowUser', { username: post.creator.username }),
      posts: cardsOf(picked.writer),
    },
  ];
  if (post.collection) {
    groups.push({
      kind: 'publication',
      ...readNextType,
      name: post.collection.name,
      href: quireRoutes.build('ShowCollectionHome', { collectionSlug: post.collection.slug }),
      posts: cardsOf(picked.publication),
    });
  }
  if (topic) {
    groups.push({
      kind: 'topic',
      ...moduleTypeOf('MOST_POPULAR_STORIES_IN_TOPIC'),
      name: topic.name,
      href: quireRoutes.build('ShowTagPosts', { tagSlug: topic.slug }),
      posts: cardsOf(picked.topic),
    });
  }
  return { ...readNextType, groups: groups.filter((g) => g.posts.length > 0) };
}
