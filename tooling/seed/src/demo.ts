import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Clap,
  Collection,
  CollectionMember,
  FeatureFlag,
  FollowCollection,
  FollowTag,
  FollowUser,
  type MediaStore,
  type Orm,
  Post,
  PostTag,
  PostVersion,
  Tag,
  TaxDocument,
  User,
} from '@quire/db';
import {
  type CollectionRole,
  readingTimeMinutes,
  slugify,
  TaxDocumentStatus,
  uniqueSlug,
} from '@quire/domain';
import { FEATURE_FLAGS, PUBLICATIONS, TOPICS, WRITERS } from './demo-content';
import { demoAvatarId, demoLogoId, seedDemoImages } from './demo-images';
import { seedDemoNotifications } from './demo-notifications';
import { buildDemoPlan, FIXED_IDS, type PlannedPost } from './demo-plan';
import { wordCount } from './text';

const DAY = 86_400_000;

/** A small stable string hash, to spread timestamps deterministically. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Rows seedDemo created on this run (all zero when the demo content was already there). */
export interface DemoSeedResult {
  users: number;
  topics: number;
  publications: number;
  members: number;
  featureFlags: number;
  /** Published top-level stories. */
  stories: number;
  drafts: number;
  unlisted: number;
  responses: number;
  /** Every post row: stories, drafts, the unlisted story and responses. */
  posts: number;
  follows: number;
  claps: number;
  /** Notifications for a few demo writers' bells. */
  notifications: number;
  /** Demo images stored (story pictures, avatars, publication logos); 0 without a media store. */
  images: number;
}

export interface DemoSeedOptions {
  /**
   * Where the server keeps uploads (DATA_DIR/media): the demo's images are generated into it, with their Media
   * rows. Without one, the demo content refers to image ids that answer 404, which readers show without a picture.
   */
  media?: MediaStore;
}

const FIXED_STORY_TITLE = TOPICS.find((t) => t.slug === 'programming')!.titles[0]![0];

/** Stable facts about the demo content, for tests and docs. */
export const DEMO = {
  /** The first demo writer (a member; owner of The Long Compile). */
  writerUsername: WRITERS[0]!.username,
  writerName: WRITERS[0]!.name,
  memberUsernames: WRITERS.filter((w) => w.member).map((w) => w.username),
  partnerUsername: WRITERS.find((w) => w.partner)!.username,
  /** A public story by the first writer with headings, lists, quotes, code and images. */
  story: {
    id: FIXED_IDS.story,
    title: FIXED_STORY_TITLE,
    uniqueSlug: uniqueSlug(FIXED_STORY_TITLE, FIXED_IDS.story),
    authorUsername: WRITERS[0]!.username,
    /** Its canonical URL path (spec §2: under the author, as it is in no publication). */
    path: `/@${WRITERS[0]!.username}/${uniqueSlug(FIXED_STORY_TITLE, FIXED_IDS.story)}`,
  },
  /** A members-only story by the Partner Program writer. */
  lockedStory: {
    id: FIXED_IDS.lockedStory,
    title: TOPICS.find((t) => t.slug === 'writing')!.titles[9]![0],
    authorUsername: WRITERS.find((w) => w.partner)!.username,
  },
  unlistedStoryId: FIXED_IDS.unlisted,
  draftId: FIXED_IDS.draft,
  publicationSlugs: PUBLICATIONS.map((p) => p.slug),
  topicSlugs: TOPICS.map((t) => t.slug),
  featureFlagNames: FEATURE_FLAGS.map((f) => f.name),
  counts: { users: WRITERS.length, publications: PUBLICATIONS.length, topics: TOPICS.length, stories: 100 },
} as const;

/**
 * The demo's Partner Program writers: the one the demo names, and every writer of a members-only story (the
 * policy lets Partner Program writers lock their stories, lockPost).
 */
export function demoPartnerUsernames(plan = buildDemoPlan()): string[] {
  const locking = new Set(plan.posts.filter((p) => p.isLocked).map((p) => p.author));
  return WRITERS.filter((w) => w.partner || locking.has(w.username)).map((w) => w.username);
}

/**
 * Seeds believable demo content: writers, publications, topics, 100 stories, drafts, an unlisted
 * story, responses, follows, claps and the spec §6 feature flags, and, given a media store, the story pictures,
 * avatars and publication logos (demo-images.ts). Idempotent: rows are keyed on usernames, slugs, flag names,
 * fixed post ids and image keys, and only missing rows and images are created, the rows in one transaction.
 */
export async function seedDemo(orm: Orm, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const plan = buildDemoPlan();
  const partners = new Set(demoPartnerUsernames(plan));
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const result: DemoSeedResult = {
    users: 0,
    topics: 0,
    publications: 0,
    members: 0,
    featureFlags: 0,
    stories: 0,
    drafts: 0,
    unlisted: 0,
    responses: 0,
    posts: 0,
    follows: 0,
    claps: 0,
    notifications: 0,
    images: 0,
  };

  // The images are drawn on sharp's threads while the rows are written.
  const images = options.media ? seedDemoImages(orm, options.media) : Promise.resolve(0);
  const rows = orm.em.fork().transactional(async (em: EntityManager) => {
    // Writers.
    const users = new Map<string, User>();
    for (const user of await em.find(User, { username: { $in: WRITERS.map((w) => w.username) } })) {
      // A demo seeded by an earlier version marked only some writers, and search's quality filter hid the rest.
      user.isHighQuality = true;
      if (partners.has(user.username)) {
        user.isPartnerProgramEnrolled = true;
        user.hightowerTermsAcceptedAt ??= new Date('2023-03-14T10:00:00Z');
      }
      users.set(user.username, user);
    }
    WRITERS.forEach((w, i) => {
      if (users.has(w.username)) return;
      const joined = at(400 + ((i * 37) % 500));
      users.set(
        w.username,
        em.create(User, {
          name: w.name,
          username: w.username,
          email: `${w.username}@example.com`,
          emailVerifiedAt: joined,
          bio: w.bio,
          imageId: demoAvatarId(i + 1),
          twitterScreenName: w.twitter ?? null,
          geolocationCountry: w.country,
          onboardingStatus: 'ONBOARDED',
          mediumMemberAt: w.member ? now - (120 + i * 11) * DAY : 0,
          hasPastMemberships: !!w.member,
          isPartnerProgramEnrolled: partners.has(w.username),
          hightowerTermsAcceptedAt: partners.has(w.username) ? new Date('2023-03-14T10:00:00Z') : null,
          // Spec §5: search shows writers and publications of high quality only; the demo's all are.
          isHighQuality: true,
          createdAt: joined,
          updatedAt: joined,
        }),
      );
      result.users += 1;
    });
    const user = (username: string) => users.get(username)!;
    // Writers enrolled for their members-only stories have approved tax forms: only the named partner shows the banner.
    const enrolledForLocking = [...partners].filter((u) => !WRITERS.find((w) => w.username === u)?.partner);
    const taxed = await em.find(TaxDocument, { user: { username: { $in: enrolledForLocking } } });
    for (const username of enrolledForLocking) {
      if (taxed.some((d) => d.user.id === user(username).id)) continue;
      em.create(TaxDocument, {
        user: user(username),
        status: TaxDocumentStatus.APPROVED,
        submittedAt: at(300),
      });
    }

    // Topics.
    const tags = new Map<string, Tag>();
    for (const tag of await em.find(Tag, { slug: { $in: TOPICS.map((t) => t.slug) } }))
      tags.set(tag.slug, tag);
    for (const topic of TOPICS) {
      if (tags.has(topic.slug)) continue;
      tags.set(topic.slug, em.create(Tag, { slug: topic.slug, name: topic.name, isTopic: true }));
      result.topics += 1;
    }
    const tag = (slug: string) => tags.get(slug)!;

    // Publications and their roles.
    const collections = new Map<string, Collection>();
    for (const c of await em.find(Collection, { slug: { $in: PUBLICATIONS.map((p) => p.slug) } })) {
      collections.set(c.slug, c);
    }
    for (const pub of PUBLICATIONS) {
      if (collections.has(pub.slug)) continue;
      collections.set(
        pub.slug,
        em.create(Collection, {
          name: pub.name,
          slug: pub.slug,
          tagline: pub.tagline,
          description: pub.description,
          creator: user(pub.owner),
          avatarId: demoLogoId(pub.slug),
          tintColor: pub.tintColor,
          isHighQuality: true,
          navItems: [
            { type: 'ABOUT', title: 'About' },
            ...pub.topics.map((slug) => ({ type: 'TAG' as const, title: tag(slug).name, tagSlug: slug })),
            { type: 'ARCHIVE', title: 'Archive' },
          ],
          createdAt: at(600),
          updatedAt: at(600),
        }),
      );
      result.publications += 1;
    }
    const collection = (slug: string) => collections.get(slug)!;
    const existingMembers = await em.find(CollectionMember, {
      collection: { slug: { $in: [...collections.keys()] } },
    });
    const memberKeys = new Set(existingMembers.map((m) => `${m.collection.id}:${m.user.id}`));
    for (const pub of PUBLICATIONS) {
      const roles: [string, CollectionRole][] = [
        [pub.owner, 'OWNER'],
        ...pub.editors.map((u): [string, CollectionRole] => [u, 'EDITOR']),
        ...pub.writers.map((u): [string, CollectionRole] => [u, 'WRITER']),
      ];
      for (const [username, role] of roles) {
        const key = `${collection(pub.slug).id}:${user(username).id}`;
        if (memberKeys.has(key)) continue;
        memberKeys.add(key);
        em.create(CollectionMember, { collection: collection(pub.slug), user: user(username), role });
        result.members += 1;
      }
    }

    // Feature flags: created with their defaults, never overwritten.
    const flagNames = new Set(
      (await em.find(FeatureFlag, { name: { $in: FEATURE_FLAGS.map((f) => f.name) } })).map((f) => f.name),
    );
    for (const flag of FEATURE_FLAGS) {
      if (flagNames.has(flag.name)) continue;
      em.create(FeatureFlag, { name: flag.name, boolValue: flag.value, description: flag.description });
      result.featureFlags += 1;
    }

    // Posts, their first revision and their topics.
    const posts = new Map<string, Post>();
    for (const post of await em.find(Post, { id: { $in: plan.posts.map((p) => p.id) } }))
      posts.set(post.id, post);
    for (const planned of plan.posts) {
      if (posts.has(planned.id)) continue;
      const post = createPost(em, planned, {
        creator: user(planned.author),
        collection: planned.publication ? collection(planned.publication) : null,
        parent: planned.inResponseTo ? posts.get(planned.inResponseTo)! : null,
        primaryTopic: planned.topics[0] ? tag(planned.topics[0]) : null,
        at,
      });
      posts.set(planned.id, post);
      planned.topics.forEach((slug, position) => {
        em.create(PostTag, { post, tag: tag(slug), position });
        if (planned.kind === 'story') tag(slug).postCount += 1;
      });
      if (planned.kind === 'story') result.stories += 1;
      else if (planned.kind === 'draft') result.drafts += 1;
      else if (planned.kind === 'unlisted') result.unlisted += 1;
      else result.responses += 1;
      result.posts += 1;
    }

    // Follows of writers, publications and topics.
    const demoUserIds = [...users.values()].map((u) => u.id);
    const followKeys = new Set(
      (await em.find(FollowUser, { follower: { $in: demoUserIds } })).map(
        (f) => `${f.follower.id}:${f.target.id}`,
      ),
    );
    for (const [follower, target] of plan.followUsers) {
      const key = `${user(follower).id}:${user(target).id}`;
      if (followKeys.has(key)) continue;
      followKeys.add(key);
      em.create(FollowUser, {
        follower: user(follower),
        target: user(target),
        createdAt: at(3 + (hash(key) % 80)),
      });
      result.follows += 1;
    }
    const pubFollowKeys = new Set(
      (await em.find(FollowCollection, { follower: { $in: demoUserIds } })).map(
        (f) => `${f.follower.id}:${f.collection.id}`,
      ),
    );
    for (const [follower, slug] of plan.followPublications) {
      const key = `${user(follower).id}:${collection(slug).id}`;
      if (pubFollowKeys.has(key)) continue;
      pubFollowKeys.add(key);
      em.create(FollowCollection, { follower: user(follower), collection: collection(slug) });
      result.follows += 1;
    }
    const tagFollowKeys = new Set(
      (await em.find(FollowTag, { follower: { $in: demoUserIds } })).map(
        (f) => `${f.follower.id}:${f.tag.id}`,
      ),
    );
    for (const [follower, slug] of plan.followTopics) {
      const key = `${user(follower).id}:${tag(slug).id}`;
      if (tagFollowKeys.has(key)) continue;
      tagFollowKeys.add(key);
      em.create(FollowTag, { follower: user(follower), tag: tag(slug) });
      tag(slug).followerCount += 1;
      result.follows += 1;
    }

    // Claps, with the denormalised Post.clapCount kept in step.
    const clapKeys = new Set(
      (await em.find(Clap, { post: { $in: [...posts.keys()] } })).map((c) => `${c.user.id}:${c.post.id}`),
    );
    for (const clap of plan.claps) {
      const post = posts.get(clap.postId)!;
      const key = `${user(clap.username).id}:${post.id}`;
      if (clapKeys.has(key)) continue;
      clapKeys.add(key);
      const when = new Date(
        Math.min(now, (post.latestPublishedAt?.getTime() ?? now) + (1 + (hash(key) % 72)) * 3_600_000),
      );
      em.create(Clap, {
        user: user(clap.username),
        post,
        count: clap.count,
        createdAt: when,
        updatedAt: when,
      });
      post.clapCount += clap.count;
      result.claps += 1;
    }

    result.notifications = await seedDemoNotifications(em, { plan, user, posts, now });
  });
  // Both finish before either failure is reported, so nothing is still writing once seedDemo returns.
  const [drawn, written] = await Promise.allSettled([images, rows]);
  if (written.status === 'rejected') throw written.reason;
  if (drawn.status === 'rejected') throw drawn.reason;
  result.images = drawn.value;
  return result;
}

function createPost(
  em: EntityManager,
  planned: PlannedPost,
  refs: {
    creator: User;
    collection: Collection | null;
    parent: Post | null;
    primaryTopic: Tag | null;
    at: (daysAgo: number) => Date;
  },
): Post {
  const published = planned.kind !== 'draft';
  const when = refs.at(planned.daysAgo);
  const created = new Date(when.getTime() - (published ? 2 * 3_600_000 : 0));
  const words = wordCount(planned.content);
  const firstImage = planned.content.paragraphs.find((p) => p.type === 'IMG')?.metadata?.id ?? null;
  const status = planned.kind === 'draft' ? 'DRAFT' : planned.kind === 'unlisted' ? 'UNLISTED' : 'PUBLISHED';
  const type =
    planned.kind === 'response'
      ? 'RESPONSE'
      : planned.kind === 'draft'
        ? 'DRAFT'
        : planned.kind === 'unlisted'
          ? 'UNLISTED'
          : 'PUBLISHED';
  const post = em.create(Post, {
    id: planned.id,
    creator: refs.creator,
    collection: refs.collection,
    statusForCollection: refs.collection ? 'APPROVED' : null,
    title: planned.title,
    subtitle: planned.subtitle,
    slug: slugify(planned.title),
    uniqueSlug: uniqueSlug(planned.title, planned.id),
    status,
    type,
    visibility: planned.kind === 'unlisted' ? 'UNLISTED' : planned.isLocked ? 'LOCKED' : 'PUBLIC',
    isLocked: planned.isLocked,
    lockedSource: planned.isLocked ? 'UGC' : 'NONE',
    license: planned.license,
    curationStatus: planned.distributed ? 'DISTRIBUTED' : 'NOT_REVIEWED',
    content: planned.content,
    latestRev: 1,
    latestPublishedRev: published ? 1 : 0,
    firstPublishedAt: published ? when : null,
    latestPublishedAt: published ? when : null,
    previewImageId: firstImage,
    readingTime: readingTimeMinutes(planned.content),
    wordCount: words,
    shareKey: published ? randomBytes(8).toString('hex') : null,
    inResponseToPost: refs.parent,
    primaryTopic: refs.primaryTopic,
    createdAt: created,
    updatedAt: when,
  });
  em.create(PostVersion, {
    post,
    rev: 1,
    title: planned.title,
    content: planned.content,
    createdBy: refs.creator,
    createdAt: when,
    updatedAt: when,
  });
  if (refs.parent) refs.parent.responsesCount += 1;
  return post;
}

/**
 * Seeds the demo content into an empty database (no users yet), as `pnpm start` does on first run.
 * Returns the number of writers, published stories and images it created, or null when users already existed;
 * a database that already holds the demo writers gets any demo image that is missing from the media store.
 */
export async function seedDemoIfEmpty(
  orm: Orm,
  options: DemoSeedOptions = {},
): Promise<{ users: number; posts: number; images: number } | null> {
  const em = orm.em.fork();
  const users = await em.count(User, {});
  if (users > 0) {
    if (options.media && (await em.count(User, { username: DEMO.writerUsername })) > 0) {
      await seedDemoImages(orm, options.media);
    }
    return null;
  }
  const seeded = await seedDemo(orm, options);
  return { users: seeded.users, posts: seeded.stories, images: seeded.images };
}
