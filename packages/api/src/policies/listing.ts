import type { FilterQuery } from '@mikro-orm/postgresql';
import type { Catalog, Post, Tag } from '@quire/db';

/*
 * `isListedStory` (story-rules.ts) as the database reads it: every list, feed, ranking and search starts from
 * these, so a story that may not be listed (a draft, an unlisted or suspended one, one whose writer is
 * deleted or suspended, one in a private publication) never is. policies.int.test.ts checks that each form
 * selects exactly the rows the rule allows.
 */

/** Published, public or members-only (never unlisted), not suspended, by a writer in good standing. */
const PUBLICATION_POST = {
  status: 'PUBLISHED',
  visibility: { $ne: 'UNLISTED' },
  deletedAt: null,
  isSuspended: false,
  creator: { isDeleted: false, isSuspended: false },
} as const satisfies FilterQuery<Post>;

/**
 * Spec §3 Collection visibility: a PRIVATE publication's stories are listed only on its own pages (which
 * only its members see); every other list, feed and search leaves them out.
 */
const OUTSIDE_PRIVATE_PUBLICATION = {
  $or: [{ collection: null }, { collection: { visibility: { $ne: 'PRIVATE' } } }],
} as const satisfies FilterQuery<Post>;

/** A post anyone may find through a list: readable, and not in a private publication. */
export const READABLE_POST = {
  ...PUBLICATION_POST,
  $and: [OUTSIDE_PRIVATE_PUBLICATION],
} as const satisfies FilterQuery<Post>;

/** A story, not a response (to a story, a response or a list). */
export const NOT_A_RESPONSE = {
  inResponseToPost: null,
  inResponseToCatalog: null,
} as const satisfies FilterQuery<Post>;

/** A readable story that is not a response. */
export const LISTED_STORY = { ...READABLE_POST, ...NOT_A_RESPONSE } as const satisfies FilterQuery<Post>;

/** A story on its publication's own pages (the publication's visibility is checked there). */
export const PUBLICATION_STORY = {
  ...PUBLICATION_POST,
  ...NOT_A_RESPONSE,
} as const satisfies FilterQuery<Post>;

/** The private-publication rule in SQL, for the posts table aliased `p`. */
const OUTSIDE_PRIVATE_PUBLICATION_SQL = `not exists (select 1 from collections private_c
  where private_c.id = p.collection_id and private_c.visibility = 'PRIVATE')`;

/** PUBLICATION_POST in SQL, for the posts table aliased `p`. */
export const PUBLICATION_POST_SQL = `p.status = 'PUBLISHED' and p.visibility <> 'UNLISTED' and p.deleted_at is null
  and p.is_suspended = false and exists (select 1 from users listed_u
  where listed_u.id = p.creator_id and listed_u.is_deleted = false and listed_u.is_suspended = false)`;

/** READABLE_POST in SQL, for the posts table aliased `p`. */
export const READABLE_POST_SQL = `${PUBLICATION_POST_SQL} and ${OUTSIDE_PRIVATE_PUBLICATION_SQL}`;

/** PUBLICATION_STORY in SQL, for the posts table aliased `p`. */
export const PUBLICATION_STORY_SQL = `${PUBLICATION_POST_SQL} and p.in_response_to_post_id is null
  and p.in_response_to_catalog_id is null`;

/** LISTED_STORY in SQL, for the posts table aliased `p`. */
export const LISTED_STORY_SQL = `${PUBLICATION_STORY_SQL} and ${OUTSIDE_PRIVATE_PUBLICATION_SQL}`;

/** The reader lists `viewerId` may see (other-rules.ts viewList): public ones, and their own. */
export const listsVisibleTo = (viewerId: string | null): FilterQuery<Catalog> =>
  viewerId ? { $or: [{ visibility: 'PUBLIC' }, { creator: viewerId }] } : { visibility: 'PUBLIC' };

/** isListedTag as a filter: the topics lists offer (public ones only). */
export const LISTED_TAG = { visibility: 'PUBLIC' } as const satisfies FilterQuery<Tag>;

/** LISTED_TAG in SQL, for the tags table aliased `t`. */
export const LISTED_TAG_SQL = `t.visibility = 'PUBLIC'`;
