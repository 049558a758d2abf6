import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Collection,
  CollectionMember,
  CustomDomain,
  FollowCollection,
  Newsletter,
  Post,
  type User,
} from '@quire/db';
import {
  accessTexts,
  DISCOVERY_LIMITS,
  daysBefore,
  formatLongDate,
  navItemLink,
  publicationHeaderDesign,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { allows, enforce, PUBLICATION_STORY } from '../policies';
import {
  type ArchivePath,
  archiveIndex,
  archiveRangeOf,
  DISCOVERY_PAGE_SIZE,
  engagementRanking,
  peopleInOrder,
  personPage,
  publishedIn,
} from './discovery';
import type { ScoreCursor, TimeCursor } from './keyset';
import { profileHeaderOf, visibleProfile } from './profiles';
import { designFieldsOf } from './publication-admin/design';
import { homeSections } from './publication-admin/navigation';
import { collectionViewerEdge } from './social';
import { listedStoryPage, storyPage, taggedWith } from './story-lists';
import { publicTag } from './topics';

/*
 * A publication's pages (spec §2 /{collectionSlug} and its sub-paths) and the lookups by slug or domain.
 * Who may see a publication is the policy's viewPublication rule.
 */

/** A publication by its slug (as its home page finds it), when the viewer may see it; NOT_FOUND otherwise. */
export async function publicationBySlug(em: EntityManager, viewer: User | null, slug: string) {
  const c = await em.findOne(Collection, { slug });
  if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: accessTexts.publicationNotFound });
  await enforce(em, viewer, 'viewPublication', c);
  return c;
}

/** A publication the viewer may see, by its slug, its live domain column, or a LIVE custom domain row. */
async function collectionByDomainOrSlug(em: EntityManager, viewer: User | null, value: string) {
  const found = await findByDomainOrSlug(em, value);
  return found && (await allows(em, viewer, 'viewPublication', found)) ? found : null;
}

async function findByDomainOrSlug(em: EntityManager, value: string) {
  const key = value.toLowerCase();
  const collection = await em.findOne(Collection, { $or: [{ slug: value }, { domain: key }] });
  if (collection) return collection;
  const custom = await em.findOne(
    CustomDomain,
    { domain: key, status: 'LIVE', collection: { $ne: null } },
    { populate: ['collection'] },
  );
  return custom?.collection ?? null;
}

/** Spec §7 PublicationSearchQuery: the publication a search is scoped to, by hostname or slug, with its live domain. */
export async function publicationByDomainOrSlug(em: EntityManager, viewer: User | null, value: string) {
  const c = await collectionByDomainOrSlug(em, viewer, value);
  if (!c) return null;
  let domain = c.domain ?? null;
  if (!domain) {
    const live = await em.findOne(CustomDomain, { collection: c.id, status: 'LIVE' });
    domain = live?.domain ?? null;
  }
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    domain,
    avatar: { id: c.avatarId ?? null },
    favicon: { id: c.faviconId ?? null },
    creator: { id: c.creator.id },
  };
}

/** Spec §4 Favicon: the publication's favicon image id (null: the default), by hostname or slug. */
export async function publicationFavicon(em: EntityManager, viewer: User | null, value: string) {
  const c = await collectionByDomainOrSlug(em, viewer, value);
  return c ? { id: c.id, favicon: { id: c.faviconId ?? null } } : null;
}

/**
 * Spec §2 /{collectionSlug}: the publication home, its spec §3 Collection viewerEdge and latest stories, and the
 * design every page of the publication draws its header with (CSS-safe: built from parsed values only).
 */
export async function publicationHome(
  em: EntityManager,
  viewer: User | null,
  slug: string,
  cursor: TimeCursor | null | undefined,
  opts: { cacheMs?: number } = {},
) {
  const c = await publicationBySlug(em, viewer, slug);
  const [viewerEdge, followerCount, stories, newsletter] = await Promise.all([
    collectionViewerEdge(em, viewer?.id ?? null, c.id),
    em.count(FollowCollection, { collection: c.id }),
    listedStoryPage(em, { publicationId: c.id }, cursor, opts),
    em.findOne(Newsletter, { collection: c.id }, { fields: ['id', 'slug'] }),
  ]);
  // The sections come with the first page only: the pages after it add to the stream under them.
  const sections = c.homeLayout === 'SECTIONS' && !cursor ? await homeSections(em, viewer, c) : null;
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    domain: c.domain ?? null,
    description: c.description,
    tagline: c.tagline,
    avatar: { id: c.avatarId ?? null },
    favicon: { id: c.faviconId ?? null },
    isAuroraEligible: c.isAuroraEligible,
    isAuroraVisible: c.isAuroraVisible,
    creator: { id: c.creator.id },
    /** Spec §3 Collection.newsletterV3: its newsletter, once it has one. */
    newsletterV3: newsletter ? { id: newsletter.id, slug: newsletter.slug } : null,
    followerCount,
    viewerEdge,
    design: publicationHeaderDesign(designFieldsOf(c), c.logoId ?? null),
    /** The tabs its editors set (spec §3 nav items), as links. */
    navigation: c.navItems.map((item) => navItemLink(item, c.slug)),
    layout: c.homeLayout,
    sections,
    /** Archived by its owner: its stories stay, it takes no new ones. */
    isArchived: !!c.archivedAt,
    stories,
  };
}

/** /{collectionSlug}/about: description, editors (owner first) and follower count. */
export async function publicationAbout(em: EntityManager, viewer: User | null, c: Collection) {
  const [members, followerCount, storyCount] = await Promise.all([
    em.find(
      CollectionMember,
      { collection: c.id, role: { $in: ['OWNER', 'EDITOR'] } },
      { fields: ['user', 'role'], orderBy: { createdAt: 'asc', id: 'asc' } },
    ),
    em.count(FollowCollection, { collection: c.id }),
    em.count(Post, { $and: [PUBLICATION_STORY, { collection: c.id }] }),
  ]);
  const ordered = [
    ...members.filter((m) => m.role === 'OWNER'),
    ...members.filter((m) => m.role !== 'OWNER'),
  ];
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    tagline: c.tagline,
    createdAt: c.createdAt.toISOString(),
    since: formatLongDate(c.createdAt),
    followerCount,
    storyCount,
    editors: await peopleInOrder(
      em,
      viewer?.id ?? null,
      ordered.map((m) => m.user.id),
    ),
  };
}

/** /{collectionSlug}/trending: its stories with the most claps and responses in the last 30 days. */
export const publicationTrending = (
  em: EntityManager,
  c: Pick<Collection, 'id'>,
  now: Date,
  cursor: ScoreCursor | null | undefined,
) =>
  engagementRanking(em, {
    since: daysBefore(now, DISCOVERY_LIMITS.publicationTrendingDays),
    collectionId: c.id,
    cursor,
  });

/** /{collectionSlug}/archive[/{year}[/{month}[/{day}]]]: the years and months that have stories. */
export async function publicationArchive(em: EntityManager, c: Collection, path: ArchivePath) {
  const range = archiveRangeOf(path);
  const index = await archiveIndex(em, { collectionId: c.id }, range.year);
  return { name: c.name, ...index };
}

/** The archive's stories in the selected range, newest first. */
export const publicationArchiveStories = (
  em: EntityManager,
  c: Pick<Collection, 'id'>,
  path: ArchivePath,
  cursor: TimeCursor | null | undefined,
) =>
  storyPage(em, { collection: c.id, ...publishedIn(archiveRangeOf(path)) }, cursor, {
    limit: DISCOVERY_PAGE_SIZE,
    inPublication: true,
  });

/** /{collectionSlug}/tagged/{tagSlug}: its stories with the tag; NOT_FOUND for a tag the viewer may not see. */
export async function publicationTagged(
  em: EntityManager,
  viewer: User | null,
  c: Collection,
  tagSlug: string,
  cursor: TimeCursor | null | undefined,
) {
  const tag = await publicTag(em, viewer, tagSlug);
  const page = await storyPage(em, { $and: [{ collection: c.id }, taggedWith(em, tag.id)] }, cursor, {
    limit: DISCOVERY_PAGE_SIZE,
    inPublication: true,
  });
  return {
    publication: { name: c.name, slug: c.slug },
    tag: { slug: tag.slug, name: tag.name },
    ...page,
  };
}

/** /{collectionSlug}/followers: who follows the publication, newest first. */
export const publicationFollowers = (
  em: EntityManager,
  viewer: User | null,
  c: Pick<Collection, 'id'>,
  cursor: TimeCursor | null | undefined,
) => personPage(em, FollowCollection, { collection: c.id }, 'follower', viewer?.id ?? null, cursor);

/**
 * The writer of /{collectionSlug}/@{username}: one the viewer may see (the policy's viewProfile) with at least one
 * story on the publication's pages (PUBLICATION_STORY, the listing rule); NOT_FOUND otherwise.
 */
async function writerIn(em: EntityManager, viewer: User | null, c: Pick<Collection, 'id'>, username: string) {
  const writer = await visibleProfile(em, viewer, username);
  const storyCount = await em.count(Post, {
    $and: [PUBLICATION_STORY, { collection: c.id, creator: writer.id }],
  });
  if (!storyCount) throw new TRPCError({ code: 'NOT_FOUND', message: accessTexts.writerNotInPublication });
  return { writer, storyCount };
}

/** /{collectionSlug}/@{username}: the writer's profile header and how many of their stories the publication has. */
export async function publicationWriter(
  em: EntityManager,
  viewer: User | null,
  c: Pick<Collection, 'id'>,
  username: string,
) {
  const { writer, storyCount } = await writerIn(em, viewer, c, username);
  return { ...(await profileHeaderOf(em, viewer, writer)), storyCount };
}

/** The writer's stories in the publication, newest first; NOT_FOUND as publicationWriter. */
export async function publicationWriterStories(
  em: EntityManager,
  viewer: User | null,
  c: Pick<Collection, 'id'>,
  username: string,
  cursor: TimeCursor | null | undefined,
) {
  const { writer } = await writerIn(em, viewer, c, username);
  return storyPage(em, { collection: c.id, creator: writer.id }, cursor, {
    limit: DISCOVERY_PAGE_SIZE,
    inPublication: true,
  });
}
