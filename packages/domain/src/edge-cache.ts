import { logTexts } from './messages';

/**
 * Where a page served from a shared cache gets the visitor's own cookies (anti-forgery token, visitor id): a
 * response a cache may keep carries none, so the page asks this uncached path once.
 */
export const CLIENT_COOKIES_PATH = '/_/cookies';

/** Spec §4 edge cache decision groups. */
export type EdgeCacheGroup = 'Control' | 'Enabled' | 'Disabled';

/** One decision: whether a page may be cached at the edge, under which surrogate keys, and why. */
export interface EdgeCacheDecision {
  group: EdgeCacheGroup;
  tags: string[];
  reason: string | null;
}

/** What is being rendered (spec §4: home, post and topic pages take part). */
export type EdgeCachePage =
  | { kind: 'home' }
  | {
      kind: 'post';
      post: { id: string; isPublished: boolean; creatorId: string; collectionId: string | null };
      viewerCanViewSuspendedContent: boolean;
    }
  | { kind: 'topic'; tagId: string }
  | { kind: 'other' };

/** The request-wide conditions that turn the edge cache off (spec §4, "Overall disabled when"). */
export interface EdgeCacheConditions {
  /** The edge (or the in-process cache acting as it) marked the request as cacheable. */
  edgeFlagSet: boolean;
  isSpoofed: boolean;
  isInternalIp: boolean;
  isStaff: boolean;
  /** The disable_edge_cache flag. */
  disabledByFlag: boolean;
  usingCacheWorker: boolean;
}

const enabled = (tags: string[]): EdgeCacheDecision => ({ group: 'Enabled', tags, reason: null });
const disabled = (reason: string): EdgeCacheDecision => ({ group: 'Disabled', tags: [], reason });

/** Spec §4: the page's own decision. */
export function pageEdgeCacheDecision(page: EdgeCachePage): EdgeCacheDecision {
  switch (page.kind) {
    case 'home':
      return enabled(['group-edgeCacheHome']);
    case 'post': {
      if (!page.post.isPublished) return disabled(logTexts.draftPost);
      if (page.viewerCanViewSuspendedContent) return disabled('The viewer can view suspended content');
      const tags = ['group-edgeCachePosts', `post-${page.post.id}`, `user-${page.post.creatorId}`];
      if (page.post.collectionId) tags.push(`collection-${page.post.collectionId}`);
      return enabled(tags);
    }
    case 'topic':
      return enabled(['group-edgeCacheTags', `tag-${page.tagId}`]);
    default:
      return { group: 'Control', tags: [], reason: null };
  }
}

/** Spec §4: combines the page decision with the request conditions; disabled wins. */
export function edgeCacheDecision(page: EdgeCachePage, conditions: EdgeCacheConditions): EdgeCacheDecision {
  if (!conditions.edgeFlagSet) return disabled('The edge did not set the cache flag');
  if (conditions.isSpoofed) return disabled('The session is spoofed');
  if (conditions.isInternalIp) return disabled('The request comes from an internal IP');
  if (conditions.isStaff) return disabled('The viewer is staff');
  if (!conditions.usingCacheWorker) return disabled('The cache middleware is not in use');
  if (conditions.disabledByFlag) return disabled('disable_edge_cache is on');
  return pageEdgeCacheDecision(page);
}
