import { defineEntity, p } from '@mikro-orm/core';
import {
  CurationStatus,
  License,
  LockedPostSource,
  type PostContent,
  PostStatus,
  PostType,
  PostVisibility,
  StatusForCollection,
  SUBMISSION_NOTE_MAX,
} from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { Catalog } from '../lists/catalog.entity';
import { Collection } from '../publications/collection.entity';
import { SEARCH_INDEXES, SEARCH_TRIGGERS } from '../search-indexes';
import { User } from '../users/user.entity';
import { Tag } from './tag.entity';

/** Spec §3 Post: a story, draft or response (a response is a post of type RESPONSE with inResponseToPost set). */
export const PostSchema = defineEntity({
  name: 'Post',
  tableName: 'posts',
  properties: {
    ...baseProperties,
    creator: () => p.manyToOne(User).deleteRule('cascade'),
    collection: () => p.manyToOne(Collection).nullable().deleteRule('set null'),
    /** The publication a draft or story was submitted to, awaiting an editor (spec §4 draft labels). */
    pendingCollection: () => p.manyToOne(Collection).nullable().deleteRule('set null').index(),
    statusForCollection: enumOf(StatusForCollection).nullable(),
    /** When the writer submitted it to pendingCollection: the submissions queue reads oldest first. */
    submittedAt: p.datetime().nullable(),
    /** What an editor told the writer when declining the submission or asking for changes. */
    submissionNote: p.string().length(SUBMISSION_NOTE_MAX).nullable(),
    /** Pinned to the publication homepage (spec §9 POST_PINNED_TO_COLLECTION_HOMEPAGE). */
    pinnedToCollectionAt: p.datetime().nullable(),
    title: p.string().length(300).default(''),
    subtitle: p.string().length(500).nullable(),
    slug: p.string().length(300).default(''),
    /** `{slug}-{id}` (or the id alone), the last path segment of the story URL (spec §2 URL shapes). */
    uniqueSlug: p.string().length(320).unique(),
    status: enumOf(PostStatus).default('DRAFT'),
    type: enumOf(PostType).default('DRAFT'),
    visibility: enumOf(PostVisibility).default('PUBLIC'),
    /** Members-only story (spec §1, §3 Post.isLocked). */
    isLocked: p.boolean().default(false),
    lockedSource: enumOf(LockedPostSource).default('NONE'),
    license: enumOf(License).default('ALL_RIGHTS_RESERVED'),
    curationStatus: enumOf(CurationStatus).default('NOT_REVIEWED'),
    /** Under review or in violation of the rules (spec §3 PostResult PostSuspended). */
    isSuspended: p.boolean().default(false),
    /** The current text; earlier and published revisions live in PostVersion. */
    content: p
      .json<PostContent>()
      .onCreate(() => ({ paragraphs: [] }))
      .defaultRaw(`'{"paragraphs":[]}'`),
    latestRev: p.integer().default(0),
    /** The revision readers see; 0 until first published. */
    latestPublishedRev: p.integer().default(0),
    firstPublishedAt: p.datetime().nullable(),
    latestPublishedAt: p.datetime().nullable(),
    /** Moved to trash; purged 14 days later (spec §9 trash retention). */
    deletedAt: p.datetime().nullable(),
    previewImageId: p.string().length(200).nullable(),
    previewTitle: p.string().length(300).nullable(),
    previewSubtitle: p.string().length(500).nullable(),
    /** Minutes. */
    readingTime: p.float().default(0),
    wordCount: p.integer().default(0),
    clapCount: p.integer().default(0),
    responsesCount: p.integer().default(0),
    /** Friend link key: only the author's friend link gives free access (spec §6). */
    shareKey: p.string().length(32).nullable().unique(),
    inResponseToPost: () => p.manyToOne(Post).nullable().deleteRule('set null'),
    /** Responses to a list (spec §3 Catalog threadedCatalogResponses). */
    inResponseToCatalog: () => p.manyToOne(Catalog).nullable().deleteRule('set null').index(),
    /** Hidden by the parent's author (spec §6; unhidePostResponseOnParentPost, showCatalogResponseOnParent). */
    isResponseHidden: p.boolean().default(false),
    /** The author closed discussion (spec §5). */
    responsesLocked: p.boolean().default(false),
    /** Where the story was first published, when it came from elsewhere (an import, the /v1 API): its canonical link. */
    canonicalUrl: p.string().length(2000).nullable(),
    /** Mailed to the writer's newsletter subscribers when first published; the writer may turn it off per story. */
    emailSubscribers: p.boolean().default(true),
    /** 1 to 3 means a topic layer (spec §3 Post.layerCake). */
    layerCake: p.integer().default(0),
    primaryTopic: () => p.manyToOne(Tag).nullable().deleteRule('set null').index(),
    /** The series or sequence catalog the story belongs to (spec §3 Post.sequence). */
    sequence: () => p.manyToOne(Catalog).nullable().deleteRule('set null').index(),
  },
  indexes: [
    { properties: ['creator', 'status', 'latestPublishedAt'] },
    { properties: ['collection', 'status', 'latestPublishedAt'] },
    // Home feed: latest published stories.
    { properties: ['status', 'latestPublishedAt'] },
    // Trash purge.
    { properties: ['deletedAt'] },
    { properties: ['inResponseToPost', 'createdAt'] },
    // A story's responses by each sort (spec §3 ResponseSortType), read backwards: a page stops after its rows.
    { properties: ['inResponseToPost', 'clapCount', 'latestPublishedAt', 'id'] },
    { properties: ['inResponseToPost', 'latestPublishedAt', 'id'] },
    SEARCH_INDEXES.postsTrigram,
  ],
  triggers: [SEARCH_TRIGGERS.postsSearchText],
});
export class Post extends PostSchema.class {}
PostSchema.setClass(Post);
