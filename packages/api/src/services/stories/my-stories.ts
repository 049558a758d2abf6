import type { EntityManager } from '@mikro-orm/postgresql';
import { Post, type User } from '@quire/db';
import { draftLabel } from '@quire/domain';
import { NOT_A_RESPONSE } from '../../policies';
import { postPath } from '../posts';

/** Spec §2 /me/stories/{filterBy}. */
export const STORY_FILTERS = ['drafts', 'public', 'unlisted', 'responses', 'deleted'] as const;
export type StoryFilter = (typeof STORY_FILTERS)[number];

const WHERE: Record<StoryFilter, object> = {
  drafts: { status: 'DRAFT', deletedAt: null, ...NOT_A_RESPONSE },
  public: { status: 'PUBLISHED', deletedAt: null, ...NOT_A_RESPONSE },
  unlisted: { status: 'UNLISTED', deletedAt: null, ...NOT_A_RESPONSE },
  responses: {
    $or: [{ inResponseToPost: { $ne: null } }, { inResponseToCatalog: { $ne: null } }],
    deletedAt: null,
  },
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
    /** What a publication's editor said when declining the submission or asking for changes. */
    submissionNote: post.submissionNote ?? null,
    wordCount: post.wordCount,
    readingTime: post.readingTime,
    updatedAt: post.updatedAt.toISOString(),
    latestPublishedAt: post.latestPublishedAt?.toISOString() ?? null,
    deletedAt: post.deletedAt?.toISOString() ?? null,
    mediumUrl: postPath(post),
    editUrl: `/p/${post.id}/edit`,
  }));
}
