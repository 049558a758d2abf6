import { FollowTag, PostTag, Tag, User } from '@quire/db';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { callerAs, testClock } from './auth-helpers';

/* The steps after sign-up (spec §2 /get-started, /m/getting-started, /welcome; §3 onboarding status). */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-25T12:00:00Z'));

const api = (viewer: User | null) => callerAs(db, clock, viewer);

let tags = 0;
async function topic(name: string, followerCount: number) {
  const em = db.em();
  const tag = em.create(Tag, {
    slug: `onboarding-${Date.now().toString(36)}-${tags++}`,
    name,
    isTopic: true,
    followerCount,
  });
  await em.flush();
  return tag;
}

describe('onboarding', () => {
  it('offers the most followed topics with the reader’s follows, then writers from the topics picked', async () => {
    const popular = await topic('Zzz Most Followed Topic', 1_000_000);
    const reader = await buildUser(db.em());
    const offered = await api(reader).onboarding.topics();
    expect(offered.topics[0]).toMatchObject({ id: popular.id, viewerEdge: { isFollowing: false } });

    await api(reader).social.followTag({ tagId: popular.id });
    expect((await api(reader).onboarding.topics()).topics[0]?.viewerEdge.isFollowing).toBe(true);
    expect(await db.em().count(FollowTag, { follower: reader.id, tag: popular.id })).toBe(1);

    // A writer in the picked topic comes first; one the reader already follows does not come at all.
    const writer = await buildUser(db.em(), { name: 'Topic Writer' });
    const followed = await buildUser(db.em(), { name: 'Already Followed' });
    for (const author of [writer, followed]) {
      const story = await buildPost(db.em(), { creator: author });
      const em = db.em();
      em.create(PostTag, { post: story.id, tag: popular.id });
      await em.flush();
    }
    await api(reader).social.followUser({ targetUserId: followed.id });
    const writers = (await api(reader).onboarding.writers()).people.map((p) => p.id);
    expect(writers[0]).toBe(writer.id);
    expect(writers).not.toContain(followed.id);
    expect(writers).not.toContain(reader.id);
  });

  it('ends as ONBOARDED, or SKIPPED; skipping later keeps a finished onboarding finished', async () => {
    const reader = await buildUser(db.em());
    expect(await api(reader).onboarding.finish({ skipped: true })).toEqual({ onboardingStatus: 'SKIPPED' });
    expect(await api(reader).onboarding.finish({ skipped: false })).toEqual({
      onboardingStatus: 'ONBOARDED',
    });
    expect(await api(reader).onboarding.finish({ skipped: true })).toEqual({ onboardingStatus: 'ONBOARDED' });
    const fresh = await db.em().findOneOrFail(User, reader.id, { refresh: true });
    expect(fresh.onboardingStatus).toBe('ONBOARDED');
    await expect(api(null).onboarding.topics()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
