import { User } from '@quire/db';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { callerAs, testClock } from './auth-helpers';

/* /me/settings/promote-memberships and promote-subscriptions: saved on the writer, honoured on their story pages. */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-27T12:00:00Z'));
const api = (viewer: User | null) => callerAs(db, clock, viewer);

async function story(writer: User, opts: { isLocked?: boolean } = {}) {
  const em = db.em();
  return buildPost(em, {
    creator: await em.findOneOrFail(User, writer.id),
    title: 'Promoted story',
    isLocked: opts.isLocked ?? false,
  });
}

async function promptsOn(postId: string, viewer: User | null) {
  const result = await api(viewer).posts.byId({ id: postId });
  if (result.__typename !== 'Post') throw new Error(result.__typename);
  return result.writerPrompts;
}

describe('writer promotions', () => {
  it('starts off, saves each switch on its own, and refuses visitors', async () => {
    const writer = await buildUser(db.em());
    expect(await api(writer).writerPromotions.current()).toEqual({
      promoteMemberships: false,
      promoteSubscriptions: false,
    });
    expect(await api(writer).writerPromotions.set({ promotion: 'promoteMemberships', on: true })).toEqual({
      promoteMemberships: true,
      promoteSubscriptions: false,
    });
    expect(await api(writer).writerPromotions.set({ promotion: 'promoteSubscriptions', on: true })).toEqual({
      promoteMemberships: true,
      promoteSubscriptions: true,
    });
    await expect(
      api(null).writerPromotions.set({ promotion: 'promoteMemberships', on: false }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      api(writer).writerPromotions.set({ promotion: 'isStaff' as never, on: true }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const fresh = await db.em().findOneOrFail(User, writer.id, { refresh: true });
    expect(fresh).toMatchObject({ promoteMemberships: true, promoteSubscriptions: true, isStaff: false });
  });

  it("shows the membership prompt under the writer's public stories to non-members only, while it is on", async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const member = await buildUser(db.em(), { mediumMemberAt: Date.now() });
    const open = await story(writer);
    const locked = await story(writer, { isLocked: true });
    expect((await promptsOn(open.id, null)).membership).toBe(false);

    await api(writer).writerPromotions.set({ promotion: 'promoteMemberships', on: true });
    expect((await promptsOn(open.id, null)).membership).toBe(true);
    expect((await promptsOn(open.id, reader)).membership).toBe(true);
    expect((await promptsOn(open.id, member)).membership).toBe(false);
    expect((await promptsOn(open.id, writer)).membership).toBe(false);
    expect((await promptsOn(locked.id, reader)).membership).toBe(false);

    await api(writer).writerPromotions.set({ promotion: 'promoteMemberships', on: false });
    expect((await promptsOn(open.id, reader)).membership).toBe(false);
  });

  it("shows the follow prompt under the writer's stories to everyone but the writer, while it is on", async () => {
    const writer = await buildUser(db.em());
    const member = await buildUser(db.em(), { mediumMemberAt: Date.now() });
    const post = await story(writer, { isLocked: true });
    expect((await promptsOn(post.id, member)).subscription).toBe(false);
    await api(writer).writerPromotions.set({ promotion: 'promoteSubscriptions', on: true });
    expect(await promptsOn(post.id, member)).toEqual({ membership: false, subscription: true });
    expect((await promptsOn(post.id, null)).subscription).toBe(true);
    expect((await promptsOn(post.id, writer)).subscription).toBe(false);
    await api(writer).writerPromotions.set({ promotion: 'promoteSubscriptions', on: false });
    expect((await promptsOn(post.id, null)).subscription).toBe(false);
  });
});
