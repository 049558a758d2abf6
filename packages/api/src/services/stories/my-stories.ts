import type { EntityManager } from '@mikro-orm/postgresql';
import { Post, type User } from '@quire/db';
import { draftLabel } from '@quire/domain';
import { postPath } from '../posts';

/** Spec §2 /me/stories/{filterBy}. */
export const STORY_FILTERS = ['drafts', 'public', 'unlisted', 'responses', 'deleted'] as const;
export type StoryFilter = (typeof STORY_FILTERS)[number];

const WHERE: Record<StoryFilter, object> = {
  drafts: { status: 'DRAFT', deletedAt: null, inResponseToPost: null },
  public: { status: 'PUBLISHED', deletedAt: null, inResponseToPost: null },
  unlisted: { status: 'UNLISTED', deletedAt: null, inResponseToPost: null },
  responses: { inResponseToPost: { $ne: null }, deletedAt: null },
  deleted: { deletedAt: { $ne: null } },
};

/** The viewer's own stories under one tab, newest change first, with the §4 draft labels. */
export async function myStories(em: EntityManager, viewer: User, filterBy: StoryFilter, limit: number) {
  const posts = await em.find(
    Post,
    { creator: viewer.id, ...WHERE[filterBy] },
    {
      populate: ['creator', 'collection', 'pendingCollection'],
      exclude: ['content'],
      orderBy: { updatedAt: 'desc', id: 'desc' },
      limit,
    },
  );
  return posts.map((post) => ({
    id: post.id,
    title: post.title,
    subtitle: post.subtitle ?? null,
    status: post.status,
    label:
      post.status === 'DRAFT'
        ? draftLabel({
            statusForCollection: post.statusForCollection,
            pendingCollectionName: post.pendingCollection?.name ?? null,
            viewerIsEditorOrAuthor: true,
          })
        : null,
    wordCount: post.wordCount,
    readingTime: post.readingTime,
    updatedAt: post.updatedAt.toISOString(),
    latestPublishedAt: post.latestPublishedAt?.toISOString() ?? null,
    deletedAt: post.deletedAt?.toISOString() ?? null,
    mediumUrl: postPath(post),
    editUrl: `/p/${post.id}/edit`,
  }));
}
