import type { EntityManager } from '@mikro-orm/postgresql';
import { type Catalog, CatalogClap, CatalogFollow, type User } from '@quire/db';
import { CLAPS_PER_READER_MAX } from '@quire/domain';
import { can, enforce, loadPolicyViewer } from '../../policies';
import { lockUntilCommit } from '../locks';
import { notify } from '../notifications';
import { readerListById, visibleListById } from './read';

/*
 * Other readers and a list (spec §3 Catalog clappers, §9 catalog_followed and catalog_recommended): following
 * it, clapping for it, and what the viewer has done to it. Each change runs in the caller's transaction with
 * the creator's notification.
 */

/** Moves one of the list's counters by `delta` in SQL (others act at the same time) and returns it. */
export async function moveCounter(
  em: EntityManager,
  list: Catalog,
  column: 'follower_count' | 'clap_count' | 'responses_count',
  delta: number,
) {
  const [row] = await em.execute<{ n: number }[]>(
    `update catalogs set ${column} = greatest(0, ${column} + ?) where id = ? returning ${column} as n`,
    [delta, list.id],
  );
  return row?.n ?? 0;
}

/**
 * Follows a list the viewer may see (following: true), telling its creator in a folded 'followed your list'
 * notification, or stops following it. Following twice or unfollowing what one does not follow changes nothing.
 */
export async function followList(em: EntityManager, viewer: User, catalogId: string, following: boolean) {
  const list = await readerListById(em, catalogId);
  await enforce(em, viewer, following ? 'engageList' : 'viewList', list);
  await lockUntilCommit(em, `list-follow:${viewer.id}:${list.id}`);
  const existing = await em.findOne(CatalogFollow, { follower: viewer.id, catalog: list.id });
  let followerCount = list.followerCount;
  if (following && !existing) {
    em.create(CatalogFollow, { follower: viewer, catalog: list });
    await em.flush();
    await notify(em, {
      recipient: list.creator,
      type: 'catalog_followed_rollup',
      actor: viewer,
      catalog: list,
    });
    followerCount = await moveCounter(em, list, 'follower_count', 1);
  } else if (!following && existing) {
    await em.remove(existing).flush();
    followerCount = await moveCounter(em, list, 'follower_count', -1);
  }
  return { catalogId, isFollowing: following, followerCount };
}

/**
 * Spec §1 Clap on a list (ClapTarget CATALOG, §7 /_/vote/catalog/{id}): `count` more claps, up to
 * CLAPS_PER_READER_MAX in all; the first tells the creator in a folded 'clapped for your list' notification.
 */
export async function clapForList(em: EntityManager, viewer: User, catalogId: string, count: number) {
  const list = await readerListById(em, catalogId);
  await enforce(em, viewer, 'engageList', list);
  await lockUntilCommit(em, `list-clap:${viewer.id}:${list.id}`);
  const clap = await em.findOne(CatalogClap, { user: viewer.id, catalog: list.id }, { refresh: true });
  const before = clap?.count ?? 0;
  const after = Math.min(CLAPS_PER_READER_MAX, before + count);
  if (after === before) return { catalogId, clapCount: list.clapCount, viewerClapCount: before };
  if (clap) clap.count = after;
  else em.create(CatalogClap, { user: viewer, catalog: list, count: after });
  await em.flush();
  if (!clap)
    await notify(em, {
      recipient: list.creator,
      type: 'catalog_recommended_rollup',
      actor: viewer,
      catalog: list,
    });
  const clapCount = await moveCounter(em, list, 'clap_count', after - before);
  return { catalogId, clapCount, viewerClapCount: after };
}

/** What the viewer has done to a list they may see, and whether they may change it or engage with it. */
export async function listViewerEdge(em: EntityManager, viewer: User | null, catalogId: string) {
  const list = await visibleListById(em, viewer, catalogId);
  const reader = await loadPolicyViewer(em, viewer);
  const [follow, clap] = viewer
    ? await Promise.all([
        em.findOne(CatalogFollow, { follower: viewer.id, catalog: list.id }, { fields: ['id'] }),
        em.findOne(CatalogClap, { user: viewer.id, catalog: list.id }, { fields: ['count'] }),
      ])
    : [null, null];
  return {
    catalogId,
    isFollowing: !!follow,
    viewerClapCount: clap?.count ?? 0,
    canEdit: can(reader, 'editList', list),
    canEngage: can(reader, 'engageList', list),
  };
}
