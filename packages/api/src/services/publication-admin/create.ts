import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, CollectionMember, Media, type User } from '@quire/db';
import {
  isReservedSlug,
  type NewPublicationInput,
  PUBLICATION_LIMITS,
  quireRoutes,
  publicationAdminTexts as texts,
} from '@quire/domain';
import { enforce, forgetPolicyViewers } from '../../policies';
import { fieldError } from '../account/field-errors';
import { purgeCacheTags } from '../cache-purge';
import { lockUntilCommit } from '../locks';

/*
 * Spec §2 /new-publication: any account creates a publication and is its owner. A slug is a top-level path
 * ('/{slug}'), so it may not shadow one of the product's own pages.
 */

/** Whether a slug (already well-formed) can be taken: not reserved, and no publication has it. */
export async function slugAvailability(em: EntityManager, slug: string) {
  if (isReservedSlug(slug)) return { slug, available: false, message: texts.slugReserved };
  const taken = await em.count(Collection, { slug });
  return taken
    ? { slug, available: false, message: texts.slugTaken }
    : { slug, available: true, message: texts.slugAvailable };
}

/** An uploaded image the viewer may put on a publication: one they uploaded themselves. */
async function ownImage(em: EntityManager, viewer: User, id: string | null, field: 'logoId' | 'avatarId') {
  if (id === null) return null;
  const media = await em.findOne(Media, { storageKey: id }, { fields: ['uploader'] });
  if (!media || media.uploader?.id !== viewer.id) throw fieldError(field, texts.imageNotYours);
  return id;
}

/**
 * Creates the publication with the viewer as its owner, in the caller's transaction. A slug two people race
 * for goes to the first: the slug's lock orders them, and the unique index backs it.
 */
export async function createPublication(em: EntityManager, viewer: User, input: NewPublicationInput) {
  await enforce(em, viewer, 'createPublication');
  // One account's creations take turns, so the count below cannot be passed by sending many at once.
  await lockUntilCommit(em, `publications-created:${viewer.id}`);
  const created = await em.count(Collection, { creator: viewer.id });
  if (created >= PUBLICATION_LIMITS.createdPerAccount)
    throw fieldError('slug', texts.tooManyPublications, 'TOO_MANY_REQUESTS');
  await lockUntilCommit(em, `publication-slug:${input.slug}`);
  const free = await slugAvailability(em, input.slug);
  if (!free.available)
    throw fieldError('slug', free.message, free.message === texts.slugTaken ? 'CONFLICT' : 'BAD_REQUEST');
  const logoId = await ownImage(em, viewer, input.logoId, 'logoId');
  const avatarId = await ownImage(em, viewer, input.avatarId, 'avatarId');
  const collection = em.create(Collection, {
    name: input.name,
    slug: input.slug,
    tagline: input.tagline,
    description: input.description,
    tags: input.tags,
    contactEmail: input.contactEmail,
    logoId,
    avatarId,
    creator: viewer,
  });
  em.create(CollectionMember, { collection, user: viewer, role: 'OWNER' });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw fieldError('slug', texts.slugTaken, 'CONFLICT');
    throw error;
  }
  forgetPolicyViewers();
  await purgeCacheTags(em, [`user-${viewer.id}`]);
  return {
    id: collection.id,
    slug: collection.slug,
    url: quireRoutes.build('ShowCollectionHome', { collectionSlug: collection.slug }),
  };
}
