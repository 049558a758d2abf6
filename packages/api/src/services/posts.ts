import { type EntityManager, wrap } from '@mikro-orm/postgresql';
import { type Collection, Post, preparedRows, type User } from '@quire/db';
import {
  type CollectionVisibility,
  type Paragraph,
  type PostContent,
  type PostStatus,
  type PostVisibility,
  postResultTexts,
  postStateLabel,
  type StatusForCollection,
  uniqueSlug,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import {
  can,
  enforce,
  isAuthor,
  isEditorOf,
  isMember,
  loadPolicyViewer,
  type PostSubject,
  postUnavailable,
} from '../policies';
import { storyCountsTag, storyOwnTags } from './cache-purge';
import { accessToStory, type PaywallReader } from './paywall';
import { oncePerRequest } from './request-memo';
import { storySeries } from './series';
import { deepFrozen, SharedReads } from './shared-reads';

/** Paragraphs a non-entitled reader sees of a members-only story: the opening, up to 3 text paragraphs. */
export function lockedPreview(content: PostContent): Paragraph[] {
  const preview: Paragraph[] = [];
  let textParagraphs = 0;
  for (const paragraph of content.paragraphs) {
    if (textParagraphs >= 3) break;
    preview.push(paragraph);
    if (paragraph.type !== 'IMG' && paragraph.type !== 'HR') textParagraphs += 1;
  }
  return preview;
}

/** The author fields every post card and page shows. */
export function authorSummary(user: Pick<User, 'id' | 'name' | 'username' | 'imageId'>) {
  return { id: user.id, name: user.name, username: user.username, imageId: user.imageId ?? null };
}

/** Canonical path of a story (spec §2 URL shapes: under its publication or its author). */
export function postPath(
  post: Pick<CardSource, 'id' | 'title' | 'uniqueSlug'> & {
    creator: Pick<User, 'username'>;
    collection?: Pick<Collection, 'slug'> | null;
  },
): string {
  const slug = post.uniqueSlug || uniqueSlug(post.title ?? '', post.id);
  if (post.collection) return `/${post.collection.slug}/${slug}`;
  return `/@${post.creator.username}/${slug}`;
}

/** The columns a card needs (the body text is never loaded for lists). */
type CardSource = Pick<
  Post,
  | 'id'
  | 'title'
  | 'subtitle'
  | 'uniqueSlug'
  | 'previewImageId'
  | 'isLocked'
  | 'latestPublishedAt'
  | 'readingTime'
  | 'clapCount'
  | 'responsesCount'
> & {
  creator: Pick<User, 'id' | 'name' | 'username' | 'imageId'>;
  collection?: Pick<Collection, 'id' | 'name' | 'slug' | 'avatarId'> | null;
};

/** Columns a card reads, for partial loading. */
export const CARD_FIELDS = [
  'id',
  'title',
  'subtitle',
  'uniqueSlug',
  'previewImageId',
  'isLocked',
  'latestPublishedAt',
  'readingTime',
  'clapCount',
  'responsesCount',
  'creator.id',
  'creator.name',
  'creator.username',
  'creator.imageId',
  'collection.id',
  'collection.name',
  'collection.slug',
  'collection.avatarId',
] as const;

/** A story as a list item: no body text, so lists stay small. */
export function postCard(post: CardSource) {
  return {
    id: post.id,
    title: post.title,
    subtitle: post.subtitle ?? null,
    uniqueSlug: post.uniqueSlug,
    mediumUrl: postPath(post),
    previewImageId: post.previewImageId ?? null,
    isLocked: post.isLocked,
    latestPublishedAt: post.latestPublishedAt ? post.latestPublishedAt.toISOString() : null,
    readingTime: post.readingTime,
    clapCount: post.clapCount,
    responsesCount: post.responsesCount,
    creator: authorSummary(post.creator),
    collection: post.collection
      ? {
          id: post.collection.id,
          name: post.collection.name,
          slug: post.collection.slug,
          /** The publication's avatar (its square logo), for the card's byline. */
          avatarId: post.collection.avatarId ?? null,
        }
      : null,
  };
}
export type PostCard = ReturnType<typeof postCard>;

/** A story card's columns as one statement reads them (CARD_COLUMNS_SQL over CARD_JOINS_SQL). */
export interface CardRow {
  id: string;
  title: string;
  subtitle: string | null;
  unique_slug: string;
  preview_image_id: string | null;
  is_locked: boolean;
  latest_published_at: Date | string | null;
  reading_time: number;
  clap_count: number;
  responses_count: number;
  creator_id: string;
  creator_name: string;
  creator_username: string;
  creator_image_id: string | null;
  collection_id: string | null;
  collection_name: string | null;
  collection_slug: string | null;
  collection_avatar_id: string | null;
}

/** The columns of a CardRow, for a statement over `posts p` with CARD_JOINS_SQL. */
export const CARD_COLUMNS_SQL = `p.id, p.title, p.subtitle, p.unique_slug, p.preview_image_id, p.is_locked,
  p.latest_published_at, p.reading_time, p.clap_count, p.responses_count,
  u.id as creator_id, u.name as creator_name, u.username as creator_username, u.image_id as creator_image_id,
  c.id as collection_id, c.name as collection_name, c.slug as collection_slug, c.avatar_id as collection_avatar_id`;
/** A card's writer and publication, joined to `posts p`. */
export const CARD_JOINS_SQL =
  'join users u on u.id = p.creator_id left join collections c on c.id = p.collection_id';

/** The card a CardRow shows. */
export function cardOfRow(r: CardRow): PostCard {
  return postCard(cardSourceOfRow(r));
}

/** A CardRow's columns as a story's fields. */
function cardSourceOfRow(r: CardRow) {
  return {
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    uniqueSlug: r.unique_slug,
    previewImageId: r.preview_image_id,
    isLocked: r.is_locked,
    latestPublishedAt: r.latest_published_at === null ? null : new Date(r.latest_published_at),
    readingTime: r.reading_time,
    clapCount: r.clap_count,
    responsesCount: r.responses_count,
    creator: {
      id: r.creator_id,
      name: r.creator_name,
      username: r.creator_username,
      imageId: r.creator_image_id,
    },
    collection:
      r.collection_id === null
        ? null
        : {
            id: r.collection_id,
            name: r.collection_name ?? '',
            slug: r.collection_slug ?? '',
            avatarId: r.collection_avatar_id,
          },
  };
}

/**
 * The cards of the stories `ids` names, by id: one statement read as plain rows (lists, feeds and Read next ask
 * for cards on every page; loading them as entities cost more than the statement). Which stories may be listed
 * is the caller's question, asked before.
 */
export async function cardsById(em: EntityManager, ids: readonly string[]): Promise<Map<string, PostCard>> {
  if (!ids.length) return new Map();
  // One text whatever the number of cards (ids never hold a comma), so the statement is prepared once.
  const rows = await preparedRows<CardRow>(
    em,
    `select ${CARD_COLUMNS_SQL} from posts p ${CARD_JOINS_SQL} where p.id = any(string_to_array(?, ','))`,
    [ids.join(',')],
  );
  return new Map(rows.map((r) => [r.id, cardOfRow(r)]));
}

/** Cards kept by the process for the stories the For you candidates name (see `keptCardsById`). */
const keptCards = new SharedReads<PostCard>(5000);

/**
 * `cardsById` for stories picked from the For you candidates, which a process keeps for `cacheMs`: their cards may be
 * kept as long (a card's counts may lag that long, as the candidates' do). Kept cards are frozen, for every request
 * shares them.
 */
export function keptCardsById(
  em: EntityManager,
  ids: readonly string[],
  cacheMs: number,
): Promise<Map<string, PostCard>> {
  return keptCards.getMany(ids, cacheMs, async (missing) => {
    const cards = await cardsById(em, missing);
    if (cacheMs > 0) for (const card of cards.values()) deepFrozen(card);
    return cards;
  });
}

/** Spec §3 PostResult: why a story page shows a notice instead of the story. */
export type PostUnavailable = {
  __typename:
    | 'NotFound'
    | 'RemovedByUser'
    | 'PostSuspended'
    | 'Blocked'
    | 'AccountSuspended'
    | 'AccountDeleted'
    | 'UnavailableForLegalReasons';
  message: string;
};

/** Spec §3 PostResult NOT_FOUND for a story the viewer may not act on (or that does not exist). */
export const storyNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: postResultTexts.NotFound });

const unavailable = (__typename: PostUnavailable['__typename']): PostUnavailable => ({
  __typename,
  message: postResultTexts[__typename],
});

/** A story page's data (PostResult 'Post'), or why the viewer cannot see it (spec §3 PostResult). */
export async function postForViewer(
  em: EntityManager,
  reader: PaywallReader,
  postId: string,
  shareKey?: string | null,
  opts: { cacheMs?: number } = {},
) {
  const post = await pageStory(em, postId, opts.cacheMs);
  if (!post) return unavailable('NotFound');
  const policy = await loadPolicyViewer(em, reader.viewer);
  const refused = postUnavailable(policy, post);
  if (refused) return unavailable(refused);
  const [access, stateLabel, series] = await Promise.all([
    accessToStory(em, { ...reader, post, shareKey }),
    storyStateLabel(em, post, reader.viewer),
    storySeries(em, post),
  ]);
  return {
    __typename: 'Post' as const,
    ...postCard(post),
    status: post.status,
    visibility: post.visibility,
    isPublished: post.status === 'PUBLISHED' || post.status === 'UNLISTED',
    /** Where the story first appeared (imported or posted through the API): the page's canonical link. */
    canonicalUrl: post.canonicalUrl ?? null,
    /** Shown above the story: its author sees a suspended story with the spec §8 notice. */
    notice: post.isSuspended ? postResultTexts.PostSuspended : null,
    meterState: access.meterState,
    freeStoriesLeft: access.freeStoriesLeft,
    /** The author closed discussion (spec §5): no response, and no reply in its threads, is saved. */
    responsesLocked: post.responsesLocked,
    /** Why only the locked preview was sent (what the paywall box asks for), or null with the full text. */
    paywall: access.paywall,
    topics: post.tags,
    primaryTopic: post.primaryTopic ? { slug: post.primaryTopic.slug, name: post.primaryTopic.name } : null,
    /** Spec §2/§4 post-state label of the legacy bar: a draft label, 'Submitted to …', or null. */
    stateLabel,
    /** What this viewer may do here, as the policy says (the page shows only the controls for these). */
    viewerCan: {
      /** The post management menu (delete, edit): the author's. */
      manage: can(policy, 'deletePost', post),
      /** Hiding responses from the story: the author's. */
      hideResponses: can(policy, 'hideResponses', post),
      /** Closing and reopening the story's discussion: the author's. */
      closeDiscussion: can(policy, 'closeDiscussion', post),
      /** Clapping: anyone but the author (a visitor is asked to sign in first). */
      clap: !isAuthor(policy, post),
      /** The membership prompts under a story are not for its author. */
      seeMembershipPrompts: !isAuthor(policy, post),
    },
    writerPrompts: writerPrompts(post, isAuthor(policy, post), isMember(policy)),
    /** The story's place in its published series, with the stories before and after it; null outside one. */
    series,
    content: {
      isLockedPreviewOnly: !access.full,
      paragraphs: access.full ? post.content.paragraphs : lockedPreview(post.content),
    },
  };
}
export type PostResult = Awaited<ReturnType<typeof postForViewer>>;

/**
 * The prompts the writer's settings put under their story (/me/settings/promote-memberships and
 * promote-subscriptions), never for the writer: a membership invitation under a public, published story for a
 * reader who is not a member (members-only stories have their own), and an invitation to follow the writer
 * under any published story.
 */
function writerPrompts(post: PageStory, author: boolean, member: boolean) {
  const published = post.status === 'PUBLISHED' || post.status === 'UNLISTED';
  const isPublic = post.status === 'PUBLISHED' && post.visibility === 'PUBLIC' && !post.isLocked;
  return {
    membership: !author && !member && isPublic && post.creator.promoteMemberships,
    subscription: !author && published && post.creator.promoteSubscriptions,
  };
}

/**
 * A story as its page reads it: the story with its writer, publications, primary topic and topics, as plain data.
 * The hottest read: one prepared statement of the columns the page uses, not mapped into entities (mapping the
 * story and its writer was a twentieth of a story page's CPU).
 */
export interface PageStory extends PostSubject {
  id: string;
  title: string;
  subtitle: string | null;
  uniqueSlug: string;
  previewImageId: string | null;
  isLocked: boolean;
  latestPublishedAt: Date | null;
  readingTime: number;
  clapCount: number;
  responsesCount: number;
  status: PostStatus;
  visibility: PostVisibility;
  deletedAt: Date | null;
  isSuspended: boolean;
  shareKey: string | null;
  responsesLocked: boolean;
  canonicalUrl: string | null;
  content: PostContent;
  statusForCollection: StatusForCollection | null;
  sequence: { id: string } | null;
  creator: {
    id: string;
    name: string;
    username: string;
    imageId: string | null;
    isDeleted: boolean;
    isSuspended: boolean;
    promoteMemberships: boolean;
    promoteSubscriptions: boolean;
  };
  collection: {
    id: string;
    name: string;
    slug: string;
    avatarId: string | null;
    visibility: CollectionVisibility;
  } | null;
  pendingCollection: { id: string; name: string } | null;
  primaryTopic: { id: string; slug: string; name: string } | null;
  tags: { slug: string; name: string }[];
}

/**
 * Published stories as their pages read them, the same for every reader: kept by the process for `cacheMs` and
 * dropped at once when a change purges the story's, its writer's or its publication's pages (`purgeSharedReads`).
 * Kept stories are frozen, for every request shares them; a clap or a response drops the story (`storyCountsTag`).
 * A draft is not kept: its text changes with every autosave, which purges nothing, and only its author reads it.
 */
const keptStories = new SharedReads<PageStory | null>(2000, {
  tagsOf: (story) => (story ? [...storyOwnTags(story), storyCountsTag(story.id)] : []),
  keeps: (story) => story?.status === 'PUBLISHED' || story?.status === 'UNLISTED',
});

/**
 * The story `postId` as its page reads it, once per request (Read next under it asks too; a mutation in the request,
 * a batch's, makes the next ask read again), and shared between requests for `cacheMs`; null when there is none.
 */
export function pageStory(em: EntityManager, postId: string, cacheMs = 0): Promise<PageStory | null> {
  return oncePerRequest(em, `page-story:${postId}`, () =>
    keptStories.get(postId, cacheMs, async () => {
      const story = await loadPageStory(em, postId);
      return story && cacheMs > 0 ? deepFrozen(story) : story;
    }),
  );
}

async function loadPageStory(em: EntityManager, postId: string): Promise<PageStory | null> {
  const [r] = await preparedRows<PageStoryRow>(
    em,
    `select ${CARD_COLUMNS_SQL},
            p.status, p.visibility, p.deleted_at, p.is_suspended, p.share_key, p.responses_locked, p.canonical_url,
            p.content, p.status_for_collection, p.sequence_id,
            u.is_deleted as creator_is_deleted, u.is_suspended as creator_is_suspended,
            u.promote_memberships as creator_promote_memberships,
            u.promote_subscriptions as creator_promote_subscriptions, c.visibility as collection_visibility,
            pc.id as pending_collection_id, pc.name as pending_collection_name,
            t.id as primary_topic_id, t.slug as primary_topic_slug, t.name as primary_topic_name,
            (select coalesce(jsonb_agg(jsonb_build_object('slug', tg.slug, 'name', tg.name) order by pt.position), '[]')
               from post_tags pt join tags tg on tg.id = pt.tag_id where pt.post_id = p.id) as tags
       from posts p ${CARD_JOINS_SQL}
       left join collections pc on pc.id = p.pending_collection_id
       left join tags t on t.id = p.primary_topic_id
      where p.id = ?`,
    [postId],
  );
  if (!r) return null;
  const card = cardSourceOfRow(r);
  return {
    ...card,
    status: r.status,
    visibility: r.visibility,
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
    isSuspended: r.is_suspended,
    shareKey: r.share_key,
    responsesLocked: r.responses_locked,
    canonicalUrl: r.canonical_url,
    content: r.content,
    statusForCollection: r.status_for_collection,
    sequence: r.sequence_id === null ? null : { id: r.sequence_id },
    creator: {
      ...card.creator,
      isDeleted: r.creator_is_deleted,
      isSuspended: r.creator_is_suspended,
      promoteMemberships: r.creator_promote_memberships,
      promoteSubscriptions: r.creator_promote_subscriptions,
    },
    // Never null for a publication that exists; were it, the story would be read as a private publication's.
    collection: card.collection && { ...card.collection, visibility: r.collection_visibility ?? 'PRIVATE' },
    pendingCollection:
      r.pending_collection_id === null
        ? null
        : { id: r.pending_collection_id, name: r.pending_collection_name ?? '' },
    primaryTopic:
      r.primary_topic_id === null
        ? null
        : { id: r.primary_topic_id, slug: r.primary_topic_slug ?? '', name: r.primary_topic_name ?? '' },
    tags: r.tags,
  };
}

/** A PageStory's columns as its statement reads them. */
type PageStoryRow = CardRow & {
  status: PostStatus;
  visibility: PostVisibility;
  deleted_at: Date | string | null;
  is_suspended: boolean;
  share_key: string | null;
  responses_locked: boolean;
  canonical_url: string | null;
  content: PostContent;
  status_for_collection: StatusForCollection | null;
  sequence_id: string | null;
  creator_is_deleted: boolean;
  creator_is_suspended: boolean;
  creator_promote_memberships: boolean;
  creator_promote_subscriptions: boolean;
  collection_visibility: CollectionVisibility | null;
  pending_collection_id: string | null;
  pending_collection_name: string | null;
  primary_topic_id: string | null;
  primary_topic_slug: string | null;
  primary_topic_name: string | null;
  tags: { slug: string; name: string }[];
};

/**
 * Why the viewer may not see a story (spec §3 PostResult), or null when they may: the policy's
 * postUnavailable, over the story with its writer and publication. Every read of a story goes through this.
 */
export async function whyUnavailable(
  em: EntityManager,
  viewer: User | null,
  post: Post,
): Promise<PostUnavailable['__typename'] | null> {
  // The rule reads the writer and the publication (loaded already by story pages: nothing to do then).
  if (!withWriterAndPublication(post)) await em.populate(post, ['creator', 'collection']);
  return postUnavailable(await loadPolicyViewer(em, viewer), post);
}

/**
 * The story the viewer may take `action` on (by default: the published story they may read, for read
 * events, saves and response lists): NOT_FOUND for a story that does not exist, else the policy's refusal.
 */
export async function storyFor(
  em: EntityManager,
  viewer: User | null,
  postId: string,
  action:
    | 'viewPublishedPost'
    | 'clapPost'
    | 'respondToPost'
    | 'hideResponses'
    | 'closeDiscussion' = 'viewPublishedPost',
): Promise<Post> {
  const loaded = em.getUnitOfWork().getById(Post, postId);
  // A page that read the story already (its story page, in the same request) has it with its writer.
  const post =
    loaded && withWriterAndPublication(loaded)
      ? loaded
      : await em.findOne(Post, { id: postId }, { populate: ['creator', 'collection'] });
  if (!post) throw storyNotFound();
  await enforce(em, viewer, action, post);
  return post;
}

/** Whether a loaded story has its writer and publication (if any) loaded too. */
function withWriterAndPublication(post: Post): boolean {
  return (
    wrap(post).isInitialized() &&
    wrap(post.creator).isInitialized() &&
    (!post.collection || wrap(post.collection).isInitialized())
  );
}

/**
 * What a page about a story shows of it (its responses, who clapped, sharing): no text, so loading it spends
 * none of the reader's free members-only stories. NOT_FOUND when the viewer may not see the story.
 */
export async function storyHeader(em: EntityManager, viewer: User | null, postId: string) {
  const post = await storyFor(em, viewer, postId);
  const policy = await loadPolicyViewer(em, viewer);
  return {
    id: post.id,
    title: post.title,
    mediumUrl: postPath(post),
    responsesCount: post.responsesCount,
    /** The author closed discussion (spec §5). */
    responsesLocked: post.responsesLocked,
    viewerCan: { hideResponses: can(policy, 'hideResponses', post) },
  };
}

/** The published story the viewer may read, for acting on it; every whyUnavailable case answers NOT_FOUND. */
export const readableStory = (em: EntityManager, viewer: User | null, postId: string) =>
  storyFor(em, viewer, postId);

/** Spec §4 draft and published labels for this viewer (editors of the pending publication count as its staff). */
async function storyStateLabel(
  em: EntityManager,
  post: Pick<PageStory, 'status' | 'statusForCollection' | 'pendingCollection' | 'creator'>,
  viewer: User | null,
): Promise<string | null> {
  const reader = await loadPolicyViewer(em, viewer);
  const author = isAuthor(reader, post);
  const pending = post.pendingCollection ?? null;
  return postStateLabel({
    isPublished: post.status === 'PUBLISHED' || post.status === 'UNLISTED',
    statusForCollection: post.statusForCollection ?? null,
    pendingCollectionName: pending?.name ?? null,
    viewerIsEditorOrAuthor: author || isEditorOf(reader, pending?.id),
    viewerIsAuthor: author,
  });
}
export type PostPage = Extract<PostResult, { __typename: 'Post' }>;
