import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '@quire/db';
import { TIPPING_LINK_MAX, tippingLinkOf, tippingTexts } from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { enforce } from '../policies';

/** The viewer's tipping link (spec §3 editable account field), or null. */
export async function tippingLink(em: EntityManager, viewer: User) {
  const user = await em.findOneOrFail(User, viewer.id, { fields: ['tippingLink'] });
  return { link: user.tippingLink ?? null };
}

/** Sets or removes the viewer's tipping link; anything but an https page is refused and nothing changes. */
export async function setTippingLink(em: EntityManager, viewer: User, input: { link: string | null }) {
  await enforce(em, viewer, 'actAs', viewer);
  let link: string | null = null;
  if (input.link !== null && input.link.trim() !== '') {
    if (input.link.length > TIPPING_LINK_MAX)
      throw new TRPCError({ code: 'BAD_REQUEST', message: tippingTexts.tooLong });
    link = tippingLinkOf(input.link);
    if (!link) throw new TRPCError({ code: 'BAD_REQUEST', message: tippingTexts.invalid });
  }
  const user = await em.findOneOrFail(User, viewer.id);
  user.tippingLink = link;
  await em.flush();
  return { link };
}
