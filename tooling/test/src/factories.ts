import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, CollectionMember, newId, Post, Session, type User, User as UserEntity } from '@quire/db';
import {
  type CollectionRole,
  type Paragraph,
  type PostContent,
  readingTimeMinutes,
  uniqueSlug,
} from '@quire/domain';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A user with a unique username and email. */
export async function buildUser(
  em: EntityManager,
  overrides: Partial<
    Pick<
      User,
      | 'name'
      | 'username'
      | 'email'
      | 'mediumMemberAt'
      | 'bio'
      | 'isSuspended'
      | 'isPartnerProgramEnrolled'
      | 'hightowerTermsAcceptedAt'
      | 'hasPastMemberships'
    >
  > = {},
) {
  const n = next();
  const user = em.create(UserEntity, {
    name: `Writer ${n}`,
    username: `writer${n}`,
    email: `writer${n}@example.com`,
    ...overrides,
  });
  await em.flush();
  return user;
}

/** A publication owned by `creator`, with the creator as OWNER member. */
export async function buildCollection(
  em: EntityManager,
  opts: { creator: User; name?: string; slug?: string },
) {
  const n = next();
  const collection = em.create(Collection, {
    name: opts.name ?? `Publication ${n}`,
    slug: opts.slug ?? `publication-${n}`,
    creator: opts.creator,
  });
  em.create(CollectionMember, { collection, user: opts.creator, role: 'OWNER' });
  await em.flush();
  return collection;
}

/** Adds a member with a role to a publication. */
export async function addCollectionMember(
  em: EntityManager,
  collection: Collection,
  user: User,
  role: CollectionRole,
) {
  const member = em.create(CollectionMember, { collection, user, role });
  await em.flush();
  return member;
}

/** A short story body with a heading, a paragraph with markups, a list and a quote. */
export function sampleContent(title: string, body = 'The first line of the story.'): PostContent {
  const paragraphs: Paragraph[] = [
    { name: 'a001', type: 'H3', text: title, markups: [] },
    { name: 'a002', type: 'P', text: body, markups: [{ type: 'STRONG', start: 0, end: 3 }] },
    { name: 'a003', type: 'ULI', text: 'A first point', markups: [] },
    { name: 'a004', type: 'ULI', text: 'A second point', markups: [] },
    { name: 'a005', type: 'BQ', text: 'A quoted thought.', markups: [] },
  ];
  return { paragraphs };
}

/** A story by `creator`: published unless `status` says otherwise. */
export async function buildPost(
  em: EntityManager,
  opts: {
    creator: User;
    collection?: Collection;
    title?: string;
    content?: PostContent;
    status?: Post['status'];
    isLocked?: boolean;
    publishedAt?: Date;
  },
) {
  const id = newId();
  const title = opts.title ?? `A story ${next()}`;
  const content = opts.content ?? sampleContent(title);
  const status = opts.status ?? 'PUBLISHED';
  const published = status === 'PUBLISHED' || status === 'UNLISTED';
  const post = em.create(Post, {
    id,
    creator: opts.creator,
    collection: opts.collection ?? null,
    title,
    uniqueSlug: uniqueSlug(title, id),
    status,
    type: published ? 'PUBLISHED' : 'DRAFT',
    visibility: status === 'UNLISTED' ? 'UNLISTED' : opts.isLocked ? 'LOCKED' : 'PUBLIC',
    isLocked: opts.isLocked ?? false,
    content,
    shareKey: randomBytes(12).toString('base64url'),
    readingTime: readingTimeMinutes(content),
    latestPublishedAt: published ? (opts.publishedAt ?? new Date()) : null,
    firstPublishedAt: published ? (opts.publishedAt ?? new Date()) : null,
  });
  await em.flush();
  return post;
}

/** A live session for `user`; returns the raw cookie token (only its hash is stored). */
export async function buildSession(em: EntityManager, user: User) {
  const token = randomBytes(32).toString('base64url');
  em.create(Session, {
    tokenHash: createHash('sha256').update(token).digest('hex'),
    user,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await em.flush();
  return token;
}
