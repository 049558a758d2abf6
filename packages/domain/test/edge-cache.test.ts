import { describe, expect, it } from 'vitest';
import { type EdgeCacheConditions, edgeCacheDecision, pageEdgeCacheDecision } from '../src/edge-cache';

const open: EdgeCacheConditions = {
  edgeFlagSet: true,
  isSpoofed: false,
  isInternalIp: false,
  isStaff: false,
  disabledByFlag: false,
  usingCacheWorker: true,
};
const post = { id: 'p1', isPublished: true, creatorId: 'u1', collectionId: 'c1' };

describe('edge cache decision (spec §4)', () => {
  it('enables home, post and topic pages with their tags', () => {
    expect(pageEdgeCacheDecision({ kind: 'home' })).toEqual({
      group: 'Enabled',
      tags: ['group-edgeCacheHome'],
      reason: null,
    });
    expect(pageEdgeCacheDecision({ kind: 'post', post, viewerCanViewSuspendedContent: false }).tags).toEqual([
      'group-edgeCachePosts',
      'post-p1',
      'user-u1',
      'collection-c1',
    ]);
    expect(pageEdgeCacheDecision({ kind: 'topic', tagId: 't9' }).tags).toEqual([
      'group-edgeCacheTags',
      'tag-t9',
    ]);
  });

  it('disables drafts with the spec reason and for viewers who can see suspended content', () => {
    expect(
      pageEdgeCacheDecision({
        kind: 'post',
        post: { ...post, isPublished: false },
        viewerCanViewSuspendedContent: false,
      }),
    ).toEqual({
      group: 'Disabled',
      tags: [],
      reason: 'This is a draft post',
    });
    expect(pageEdgeCacheDecision({ kind: 'post', post, viewerCanViewSuspendedContent: true }).group).toBe(
      'Disabled',
    );
  });

  it('lets any overall condition win over an enabled page', () => {
    for (const key of ['isSpoofed', 'isInternalIp', 'isStaff', 'disabledByFlag'] as const) {
      expect(edgeCacheDecision({ kind: 'home' }, { ...open, [key]: true }).group, key).toBe('Disabled');
    }
    expect(edgeCacheDecision({ kind: 'home' }, { ...open, edgeFlagSet: false }).group).toBe('Disabled');
    expect(edgeCacheDecision({ kind: 'home' }, { ...open, usingCacheWorker: false }).group).toBe('Disabled');
    expect(edgeCacheDecision({ kind: 'home' }, open).group).toBe('Enabled');
  });
});
