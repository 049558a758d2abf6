import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@quire/db';
import type { WriterPromotion } from '@quire/domain';
import { enforce } from '../policies';
import { purgeCacheTags } from './cache-purge';

/*
 * Spec §2 /me/settings/promote-memberships and promote-subscriptions: two switches on the writer, honoured on
 * their story pages (postForViewer's writerPrompts).
 */

/** The viewer's promotion settings. */
export async function writerPromotions(em: EntityManager, viewer: User) {
  const user = await em.findOneOrFail(User, viewer.id, {
    fields: ['promoteMemberships', 'promoteSubscriptions'],
  });
  return { promoteMemberships: user.promoteMemberships, promoteSubscriptions: user.promoteSubscriptions };
}

/** Turns one promotion on or off; the writer's cached story pages go, so readers see the change. */
export async function setWriterPromotion(
  em: EntityManager,
  viewer: User,
  input: { promotion: WriterPromotion; on: boolean },
) {
  await enforce(em, viewer, 'actAs', viewer);
  const user = await em.findOneOrFail(User, viewer.id);
  user[input.promotion] = input.on;
  await em.flush();
  await purgeCacheTags(em, [`user-${user.id}`]);
  return writerPromotions(em, viewer);
}
