import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, FollowCollection, Media, Post, type User } from '@quire/db';
import { type PublicationFieldsInput, publicationAdminTexts as texts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { authorize, can, forgetPolicyViewers, loadPolicyViewer } from '../../policies';
import { fieldError } from '../account/field-errors';
import { purgeCacheTags } from '../cache-purge';
import { lockUntilCommit } from '../locks';
import { managedPublication, publicationChanged, publicationFor } from './people';

/*
 * A publication's settings (spec §2 /{collectionSlug}/settings, /settings/about, /settings/followers): its fields
 * for its editors, its followers as CSV, and archiving or deleting it (its owner).
 */

/** The publication's editable fields, for its owner and editors. */
export async function publicationSettings(em: EntityManager, viewer: User, slug: string) {
  const found = await publicationFor(em, { slug });
  const policy = await loadPolicyViewer(em, viewer);
  authorize(policy, 'managePublication', found);
  const [c, followerCount] = await Promise.all([
    em.findOneOrFail(Collection, found.id, {
      fields: [
        'name',
        'slug',
        'tagline',
        'description',
        'tags',
        'contactEmail',
        'logoId',
        'avatarId',
        'archivedAt',
      ],
    }),
    em.count(FollowCollection, { collection: found.id }),
  ]);
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    tagline: c.tagline,
    description: c.description,
    tags: c.tags,
    contactEmail: c.contactEmail ?? null,
    logoId: c.logoId ?? null,
    avatarId: c.avatarId ?? null,
    followerCount,
    canDelete: can(policy, 'deletePublication', found),
    isArchived: !!c.archivedAt,
    canArchive: can(policy, 'archivePublication', found),
  };
}

/** An image a publication form may set: the one already there, or one the viewer uploaded. */
export async function imageFor(
  em: EntityManager,
  viewer: User,
  id: string | null,
  current: string | null | undefined,
  field: 'logoId' | 'avatarId' | 'headerImageId',
) {
  if (id === null || id === current) return id;
  const media = await em.findOne(Media, { storageKey: id }, { fields: ['uploader'] });
  if (!media || media.uploader?.id !== viewer.id) throw fieldError(field, texts.imageNotYours);
  return id;
}

/** Saves the settings form; its pages show the change at once (their cache tag is purged). */
export async function updatePublication(em: EntityManager, viewer: User, input: PublicationFieldsInput) {
  const found = await managedPublication(em, viewer, { id: input.collectionId });
  const c = await em.findOneOrFail(Collection, found.id);
  c.logoId = await imageFor(em, viewer, input.logoId, c.logoId, 'logoId');
  c.avatarId = await imageFor(em, viewer, input.avatarId, c.avatarId, 'avatarId');
  c.name = input.name;
  c.tagline = input.tagline;
  c.description = input.description;
  c.tags = input.tags;
  c.contactEmail = input.contactEmail;
  await publicationChanged(em, c.id);
  return { message: texts.saved, ...(await publicationSettings(em, viewer, c.slug)) };
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading formula sign defused. */
export const csvField = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** /settings/followers: the publication's followers as CSV (name, username, when they followed), oldest first. */
export async function followersCsv(em: EntityManager, viewer: User, slug: string) {
  const found = await managedPublication(em, viewer, { slug });
  const rows = await em.find(
    FollowCollection,
    { collection: found.id, follower: { isDeleted: false } },
    {
      populate: ['follower'],
      fields: ['createdAt', 'follower.name', 'follower.username'],
      orderBy: { createdAt: 'asc', id: 'asc' },
    },
  );
  const lines = rows.map((r) =>
    [r.follower.name, r.follower.username, r.createdAt.toISOString()].map(csvField).join(','),
  );
  return {
    filename: `${found.slug}-followers.csv`,
    csv: `${[texts.followersCsvHeader, ...lines].join('\r\n')}\r\n`,
  };
}

/**
 * Deletes the publication (its owner, who types its name to confirm). Its stories stay, published under their
 * writers; submissions to it go back to being drafts of theirs.
 */
export async function deletePublication(
  em: EntityManager,
  viewer: User,
  input: { collectionId: string; confirmName: string },
) {
  const found = await publicationFor(em, { id: input.collectionId });
  await lockUntilCommit(em, `publication-people:${found.id}`);
  authorize(await loadPolicyViewer(em, viewer), 'deletePublication', found);
  if (input.confirmName.trim() !== found.name)
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.deleteMismatch });
  await em.nativeUpdate(
    Post,
    { pendingCollection: found.id },
    { pendingCollection: null, statusForCollection: 'NOT_YET_SUBMITTED' },
  );
  await em.nativeUpdate(Post, { collection: found.id }, { statusForCollection: 'NOT_YET_SUBMITTED' });
  await em.nativeDelete(Collection, { id: found.id });
  forgetPolicyViewers();
  await purgeCacheTags(em, [`collection-${found.id}`, `user-${viewer.id}`]);
  return { message: texts.deleted(found.name) };
}

/**
 * Archives the publication or brings it back (its owner). Archived, it keeps its pages and stories but takes no new
 * stories, submissions or people (the policy's archivedRefusal); its pending submissions go back to their writers.
 */
export async function setPublicationArchived(
  em: EntityManager,
  viewer: User,
  input: { collectionId: string; archived: boolean },
) {
  const found = await publicationFor(em, { id: input.collectionId });
  await lockUntilCommit(em, `publication-people:${found.id}`);
  authorize(await loadPolicyViewer(em, viewer), 'archivePublication', found);
  const c = await em.findOneOrFail(Collection, found.id);
  if (input.archived && !c.archivedAt) {
    c.archivedAt = new Date();
    await em.nativeUpdate(
      Post,
      { pendingCollection: c.id, statusForCollection: 'PENDING' },
      { pendingCollection: null, statusForCollection: 'NOT_YET_SUBMITTED' },
    );
  } else if (!input.archived) c.archivedAt = null;
  await publicationChanged(em, c.id);
  return {
    message: input.archived ? texts.archived(c.name) : texts.unarchived(c.name),
    ...(await publicationSettings(em, viewer, c.slug)),
  };
}
