import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows, type User } from '@quire/db';
import { HOME_MODULE_SIZES, moduleTypeOf, quireRoutes, type ReadNextGroupKind } from '@quire/domain';
import { enforce, LISTED_STORY_SQL, LISTED_TAG_SQL } from '../policies';
import { peopleInOrder } from './discovery';
import { type Candidate, candidates, readerSets } from './feed';
import {
  CARD_COLUMNS_SQL,
  CARD_JOINS_SQL,
  type CardRow,
  cardOfRow,
  keptCardsById,
  type PageStory,
  type PostCard,
  pageStory,
  storyNotFound,
} from './posts';
import { deepFrozen, SharedReads } from './shared-reads';
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

/** The column's topics by the ids asked for: the same for every reader (most readers ask for the same ids). */
const topicsOf = new SharedReads<{ id: string; name: string; slug: string }[]>(200);

/**
 * Public topics by id, in the order given (hidden or staff-only ones left out): one prepared statement, which a
 * process may keep for `cacheMs`.
 */
async function topicsInOrder(em: EntityManager, ids: string[], cacheMs: number) {
  if (!ids.length) return [];
  const tags = await topicsOf.get(ids.join(','), cacheMs, () =>
    preparedRows<{ id: string; name: string; slug: string }>(
      em,
      `select t.id, t.name, t.slug from tags t where t.id = any(string_to_array(?, ',')) and ${LISTED_TAG_SQL}`,
      [ids.join(',')],
    ),
  );
  const byId = new Map(tags.map((t) => [t.id, t]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The column's orders of the candidates, once per candidates' load: all of them, for readers who hide none. */
const rankingsOfAll = new WeakMap<Candidate[], ReturnType<typeof rankings>>();

const rankings = (visible: Candidate[]) => ({
  staffPicks: staffPickIds(visible, HOME_MODULE_SIZES.featuredStories),
  tags: tagsByUse(visible),
  writers: writersByClaps(visible),
});

/** The column's orders of `visible`, kept for the shared candidates when the reader hides none of them. */
function rankingsOf(stories: Candidate[], visible: Candidate[]) {
  if (visible.length !== stories.length) return rankings(visible);
  let all = rankingsOfAll.get(stories);
  if (!all) {
    all = rankings(stories);
    rankingsOfAll.set(stories, all);
  }
  return all;
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
  const ranked = rankingsOf(stories, visible);

  const picked = await keptCardsById(em, ranked.staffPicks, opts.cacheMs ?? 0);
  const posts = ranked.staffPicks.flatMap((id) => picked.get(id) ?? []);
  // A few more than shown, so the ones the reader already follows can be left out.
  const topicIds = ranked.tags.filter((id) => !sets?.topics.has(id)).slice(0, size.recommendedTopics * 2);
  const topics = (await topicsInOrder(em, topicIds, opts.cacheMs ?? 0)).slice(0, size.recommendedTopics);
  const people = viewer
    ? (await suggestedWriters(em, viewer, size.topWriters, stories)).people
    : (await peopleInOrder(em, null, ranked.writers.slice(0, size.topWriters * 2))).slice(0, size.topWriters);
  return {
    featuredStories: { ...moduleTypeOf('FEATURED_STORIES'), posts },
    recommendedTopics: { ...moduleTypeOf('RECOMMENDED_TOPICS'), topics },
    topWriters: { ...moduleTypeOf('TOP_WRITERS'), people },
  };
}

export type HomeModules = Awaited<ReturnType<typeof homeModules>>;

/** A Read next candidate: its group, its place there, its card, and the story's topic for the topic group. */
type ReadNextRow = CardRow & { grp: ReadNextGroupKind; topic_name: string | null; topic_slug: string | null };

/** Each story's Read next candidates by the story and its writer, publication and topic: the same for every reader. */
const readNextRowsOf = new SharedReads<ReadNextRow[]>(2000);

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
 * the story itself. NOT_FOUND (as the story page) for a story the viewer may not read. One statement finds the topic
 * and picks every group with its cards, each part on its own index ((creator, status, latest_published_at),
 * (collection, status, latest_published_at), post_tags (tag, published_at, post)) with a LIMIT; the reader's hidden stories are
 * taken out after. A process may keep the candidates for `cacheMs` (they may then lag that long behind new
 * stories and claps); which of them the reader is shown is decided on every request.
 */
export async function readNext(
  em: EntityManager,
  viewer: User | null,
  postId: string,
  opts: { cacheMs?: number } = {},
) {
  // The story as its page read it (the same request's), not loaded again.
  const post = await pageStory(em, postId, opts.cacheMs);
  if (!post) throw storyNotFound();
  await enforce(em, viewer, 'viewPublishedPost', post);
  const n = HOME_MODULE_SIZES.readNextPerGroup;
  const params = [
    post.primaryTopic?.id ?? null,
    post.id,
    post.creator.id,
    post.id,
    n,
    // Enough to fill the group after the writer's own stories are taken out.
    post.collection?.id ?? null,
    post.id,
    n * 2,
    post.id,
    HOME_MODULE_SIZES.topicWindow,
    n * 4,
  ];
  const [rows, sets] = await Promise.all([
    readNextRowsOf.get(params.join(' '), opts.cacheMs ?? 0, () =>
      preparedRows<ReadNextRow>(
        em,
        // The topic: the primary one when it is listed, else the first listed tag by position.
        `with topic as (
         (select t.id, t.name, t.slug, 0 as rank from tags t where t.id = ? and ${LISTED_TAG_SQL})
         union all
         (select t.id, t.name, t.slug, 1 from post_tags pt join tags t on t.id = pt.tag_id
           where pt.post_id = ? and ${LISTED_TAG_SQL} order by pt.position limit 1)
         order by rank limit 1),
       picked as (
         (select 'writer' as grp, w.id, row_number() over (order by w.latest_published_at desc, w.id desc) as ord
            from (select p.id, p.latest_published_at from posts p
                   where p.creator_id = ? and p.id <> ? and ${LISTED_STORY_SQL}
                   order by p.latest_published_at desc, p.id desc limit ?) w)
         union all
         (select 'publication', pb.id, row_number() over (order by pb.latest_published_at desc, pb.id desc)
            from (select p.id, p.latest_published_at from posts p
                   where p.collection_id = ? and p.id <> ? and ${LISTED_STORY_SQL}
                   order by p.latest_published_at desc, p.id desc limit ?) pb)
         union all
         (select 'topic', tb.id,
                 row_number() over (order by tb.clap_count desc, tb.latest_published_at desc, tb.id desc) as ord
            from (select p.id, p.clap_count, p.latest_published_at from post_tags pt join posts p on p.id = pt.post_id
                   where pt.tag_id = (select id from topic) and pt.published_at is not null and p.id <> ?
                     and ${LISTED_STORY_SQL}
                   order by pt.published_at desc, pt.post_id desc limit ?) tb
           order by ord limit ?))
       select picked.grp, ${CARD_COLUMNS_SQL}, tp.name as topic_name, tp.slug as topic_slug
         from picked join posts p on p.id = picked.id ${CARD_JOINS_SQL} left join topic tp on true
        order by picked.grp, picked.ord`,
        params,
      ),
    ),
    viewer ? readerSets(em, viewer) : null,
  ]);
  const hidden = hiddenBy(sets);
  const hiddenIds = rows
    .filter((row) => hidden({ id: row.id, creatorId: row.creator_id, collectionId: row.collection_id }))
    .map((row) => row.id);
  if (!opts.cacheMs) return readNextOf(post, rows, new Set(hiddenIds));
  // Kept rows give one frozen answer for all whom they hide the same cards from: its kept part's key is remembered.
  let answers = readNextAnswers.get(rows);
  if (!answers) {
    answers = new Map();
    readNextAnswers.set(rows, answers);
  }
  const key = JSON.stringify([hiddenIds, post.creator, post.collection]);
  let answer = answers.get(key);
  if (!answer) {
    answer = deepFrozen(readNextOf(post, rows, new Set(hiddenIds)));
    answers.set(key, answer);
  }
  return answer;
}

type ReadNext = { moduleType: 'READ_NEXT_SIDEBAR'; moduleTypeId: number; groups: ReadNextGroup[] };

/** Read next answers by the kept rows they were made of, then by the hidden cards and the story's writer and publication. */
const readNextAnswers = new WeakMap<readonly ReadNextRow[], Map<string, ReadNext>>();

/** Read next of `post` from its candidate rows, without the stories `hidden` names. */
function readNextOf(post: PageStory, rows: readonly ReadNextRow[], hidden: ReadonlySet<string>): ReadNext {
  const n = HOME_MODULE_SIZES.readNextPerGroup;
  const shown = new Set<string>();
  const cardsOf = (kind: ReadNextGroupKind) => {
    const cards: PostCard[] = [];
    for (const row of rows) {
      if (row.grp !== kind || cards.length >= n || shown.has(row.id)) continue;
      if (hidden.has(row.id)) continue;
      shown.add(row.id);
      cards.push(cardOfRow(row));
    }
    return cards;
  };
  // In this order: a story the writer's group shows is not shown again under the publication or the topic.
  const picked = { writer: cardsOf('writer'), publication: cardsOf('publication'), topic: cardsOf('topic') };
  const topicRow = rows.find((r) => r.topic_slug !== null);
  const topic = topicRow ? { name: topicRow.topic_name ?? '', slug: topicRow.topic_slug ?? '' } : null;
  const readNextType = moduleTypeOf('READ_NEXT_SIDEBAR');
  const groups: ReadNextGroup[] = [
    {
      kind: 'writer',
      ...readNextType,
      name: post.creator.name,
      href: quireRoutes.build('ShowUser', { username: post.creator.username }),
      posts: picked.writer,
    },
  ];
  if (post.collection) {
    groups.push({
      kind: 'publication',
      ...readNextType,
      name: post.collection.name,
      href: quireRoutes.build('ShowCollectionHome', { collectionSlug: post.collection.slug }),
      posts: picked.publication,
    });
  }
  if (topic) {
    groups.push({
      kind: 'topic',
      ...moduleTypeOf('MOST_POPULAR_STORIES_IN_TOPIC'),
      name: topic.name,
      href: quireRoutes.build('ShowTagPosts', { tagSlug: topic.slug }),
      posts: picked.topic,
    });
  }
  return { ...readNextType, groups: groups.filter((g) => g.posts.length > 0) };
}
