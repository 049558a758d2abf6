import {
  Block,
  FollowCollection,
  FollowTag,
  FollowUser,
  MuteCollection,
  MuteUser,
  Notification,
  Report,
  Tag,
  type User,
} from '@quire/db';
import { socialErrors, socialMenuTexts } from '@quire/domain';
import { buildCollection, buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();

const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

async function pair() {
  const reader = await buildUser(db.em(), { name: 'Rita Reader' });
  const writer = await buildUser(db.em(), { name: 'Wanda Writer' });
  return { reader, writer, api: as(reader), writerApi: as(writer) };
}

const followRows = (followerId: string, targetId: string) =>
  db.em().count(FollowUser, { follower: followerId, target: targetId });

describe('follow and unfollow a writer (spec §4, §7 FollowUser / UnfollowUser)', () => {
  it('is idempotent both ways and keeps the counts right, never below zero', async () => {
    const { reader, writer, api } = await pair();
    const first = await api.social.followUser({ targetUserId: writer.id });
    expect(first).toMatchObject({ id: writer.id, name: 'Wanda Writer', followerCount: 1 });
    expect(first.viewerEdge).toMatchObject({ isFollowing: true, isUser: false });
    const again = await api.social.followUser({ targetUserId: writer.id });
    expect(again.followerCount).toBe(1);
    expect(await followRows(reader.id, writer.id)).toBe(1);

    const profile = await api.profiles.byUsername({ username: writer.username });
    expect(profile.followerCount).toBe(1);
    expect(profile.viewerEdge.isFollowing).toBe(true);
    expect((await api.viewer.me())?.socialStats.followingCount).toBe(1);

    const off = await api.social.unfollowUser({ targetUserId: writer.id });
    expect(off).toMatchObject({ followerCount: 0, viewerEdge: { isFollowing: false } });
    const offAgain = await api.social.unfollowUser({ targetUserId: writer.id });
    expect(offAgain.followerCount).toBe(0);
    expect((await api.profiles.byUsername({ username: writer.username })).followerCount).toBe(0);
  });

  it('refuses following yourself with the spec text and writes nothing', async () => {
    const { reader, api } = await pair();
    await expect(api.social.followUser({ targetUserId: reader.id })).rejects.toThrow(
      socialErrors.cannotFollowSelf(),
    );
    expect(socialErrors.cannotFollowSelf()).toBe('You cannot follow yourself on Quire.');
    expect(await db.em().count(FollowUser, { follower: reader.id })).toBe(0);
  });

  it('refuses signed-out visitors and malformed ids with clear errors', async () => {
    const { writer } = await pair();
    await expect(as(null).social.followUser({ targetUserId: writer.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'You need to sign in first.',
    });
    await expect(as(null).social.blockUser({ targetUserId: writer.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const { api } = await pair();
    await expect(api.social.followUser({ targetUserId: 'not-an-id' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(api.social.followUser({ targetUserId: 'abcdefabcdef' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: socialMenuTexts.profileNotFound,
    });
  });

  it('answers the viewer edge: all false when signed out', async () => {
    const { writer, api } = await pair();
    await api.social.followUser({ targetUserId: writer.id });
    expect(await api.social.userEdge({ userId: writer.id })).toMatchObject({
      isFollowing: true,
      isMuting: false,
      isBlocking: false,
    });
    expect(await as(null).social.userEdge({ userId: writer.id })).toMatchObject({
      isFollowing: false,
      isUser: false,
    });
  });
});

describe('follow a publication (spec §7 FollowCollection / UnfollowCollection)', () => {
  it('is idempotent and counts followers on the publication home', async () => {
    const { reader, writer, api } = await pair();
    const pub = await buildCollection(db.em(), { creator: writer, name: 'The Quarterly' });
    expect(await api.social.followCollection({ targetCollectionId: pub.id })).toMatchObject({
      id: pub.id,
      name: 'The Quarterly',
      followerCount: 1,
      viewerEdge: { isFollowing: true },
    });
    await api.social.followCollection({ targetCollectionId: pub.id });
    expect(await db.em().count(FollowCollection, { follower: reader.id, collection: pub.id })).toBe(1);
    const home = await api.publications.home({ slug: pub.slug });
    expect(home.followerCount).toBe(1);
    expect(home.viewerEdge.isFollowing).toBe(true);
    await api.social.unfollowCollection({ targetCollectionId: pub.id });
    const after = await api.social.unfollowCollection({ targetCollectionId: pub.id });
    expect(after).toMatchObject({ followerCount: 0, viewerEdge: { isFollowing: false } });
  });
});

describe('mute (spec §4 Mute/unmute)', () => {
  it('mutes and unmutes authors and publications idempotently', async () => {
    const { reader, writer, api } = await pair();
    const pub = await buildCollection(db.em(), { creator: writer });
    await api.social.muteUser({ targetUserId: writer.id });
    const muted = await api.social.muteUser({ targetUserId: writer.id });
    expect(muted.viewerEdge.isMuting).toBe(true);
    expect(await db.em().count(MuteUser, { user: reader.id, target: writer.id })).toBe(1);
    expect((await api.profiles.byUsername({ username: writer.username })).viewerEdge.isMuting).toBe(true);
    expect((await api.social.unmuteUser({ targetUserId: writer.id })).viewerEdge.isMuting).toBe(false);
    expect(await db.em().count(MuteUser, { user: reader.id })).toBe(0);

    expect((await api.social.muteCollection({ targetCollectionId: pub.id })).viewerEdge.isMuting).toBe(true);
    expect((await api.publications.home({ slug: pub.slug })).viewerEdge.isMuting).toBe(true);
    await api.social.unmuteCollection({ targetCollectionId: pub.id });
    expect(await db.em().count(MuteCollection, { user: reader.id })).toBe(0);
  });

  it('refuses muting yourself', async () => {
    const { reader, api } = await pair();
    await expect(api.social.muteUser({ targetUserId: reader.id })).rejects.toThrow(
      socialMenuTexts.cannotMuteSelf,
    );
  });
});

describe('block (spec §4 Block/unblock)', () => {
  it('removes follows both ways, stops the blocked user following, reading the profile and the stories', async () => {
    const { reader, writer, api, writerApi } = await pair();
    const story = await buildPost(db.em(), { creator: writer, title: 'Private thoughts' });
    await api.social.followUser({ targetUserId: writer.id });
    await writerApi.social.followUser({ targetUserId: reader.id });

    const blocked = await writerApi.social.blockUser({ targetUserId: reader.id });
    expect(blocked.viewerEdge.isBlocking).toBe(true);
    expect(await followRows(reader.id, writer.id)).toBe(0);
    expect(await followRows(writer.id, reader.id)).toBe(0);
    await writerApi.social.blockUser({ targetUserId: reader.id });
    expect(await db.em().count(Block, { blocker: writer.id, blocked: reader.id })).toBe(1);

    await expect(api.social.followUser({ targetUserId: writer.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: socialMenuTexts.profileNotFound,
    });
    expect(await followRows(reader.id, writer.id)).toBe(0);
    await expect(api.profiles.byUsername({ username: writer.username })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await api.posts.byId({ id: story.id })).__typename).toBe('Blocked');
    // The blocker still sees the person they blocked.
    expect((await writerApi.profiles.byUsername({ username: reader.username })).viewerEdge.isBlocking).toBe(
      true,
    );

    const unblocked = await writerApi.social.unblockUser({ targetUserId: reader.id });
    expect(unblocked.viewerEdge.isBlocking).toBe(false);
    expect((await api.social.followUser({ targetUserId: writer.id })).viewerEdge.isFollowing).toBe(true);
    expect((await api.posts.byId({ id: story.id })).__typename).toBe('Post');
  });

  it('refuses blocking yourself', async () => {
    const { reader, api } = await pair();
    await expect(api.social.blockUser({ targetUserId: reader.id })).rejects.toThrow(
      socialMenuTexts.cannotBlockSelf,
    );
    expect(await db.em().count(Block, { blocker: reader.id })).toBe(0);
  });
});

describe('report (spec §4 Report, §7 reportAndMaybeBlockUser)', () => {
  it('files a report without blocking, and a repeat updates the open report', async () => {
    const { reader, writer, api } = await pair();
    await api.social.followUser({ targetUserId: writer.id });
    const result = await api.social.reportUser({
      targetUserId: writer.id,
      alsoBlockUser: false,
      reason: 'spam',
    });
    expect(result.viewerEdge).toMatchObject({ isBlocking: false, isFollowing: true });
    await api.social.reportUser({ targetUserId: writer.id, alsoBlockUser: false });
    const reports = await db.em().find(Report, { reporter: reader.id });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      targetType: 'USER',
      targetId: writer.id,
      reason: 'spam',
      alsoBlocked: false,
    });
    expect(await db.em().count(Block, { blocker: reader.id })).toBe(0);
  });

  it('reports and blocks in one go, dropping the follow', async () => {
    const { reader, writer, api } = await pair();
    await api.social.followUser({ targetUserId: writer.id });
    const result = await api.social.reportUser({ targetUserId: writer.id, alsoBlockUser: true });
    expect(result.viewerEdge.isBlocking).toBe(true);
    expect(await db.em().count(Block, { blocker: reader.id, blocked: writer.id })).toBe(1);
    expect(await followRows(reader.id, writer.id)).toBe(0);
    expect((await db.em().findOneOrFail(Report, { reporter: reader.id })).alsoBlocked).toBe(true);
  });

  it('refuses reporting yourself and reports publications', async () => {
    const { reader, writer, api } = await pair();
    await expect(api.social.reportUser({ targetUserId: reader.id, alsoBlockUser: true })).rejects.toThrow(
      socialMenuTexts.cannotReportSelf,
    );
    expect(await db.em().count(Report, { reporter: reader.id })).toBe(0);
    const pub = await buildCollection(db.em(), { creator: writer });
    await api.social.reportCollection({ targetCollectionId: pub.id, reason: 'misleading' });
    expect(await db.em().findOneOrFail(Report, { reporter: reader.id })).toMatchObject({
      targetType: 'COLLECTION',
      targetId: pub.id,
    });
  });
});

describe('a new follower is news for the writer (spec §2 notifications)', () => {
  it('adds the follower to one rolled-up notification, once, and not on a repeated follow', async () => {
    const { reader, writer, api } = await pair();
    const other = await buildUser(db.em(), { name: 'Olga Other' });
    await api.social.followUser({ targetUserId: writer.id });
    await api.social.followUser({ targetUserId: writer.id });
    await as(other).social.followUser({ targetUserId: writer.id });
    const rows = await db.em().fork().find(Notification, { recipient: writer.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.notificationType).toBe('users_following_you_rollup');
    expect(rows[0]?.rollupItems.map((i) => i.actorId).sort()).toEqual([other.id, reader.id].sort());
  });
});

describe('following a topic (spec §1)', () => {
  it('is idempotent both ways, moves the follower count with it, and shows on the topic header', async () => {
    const { reader, api } = await pair();
    const em = db.em();
    const tag = em.create(Tag, { slug: `followable-${Date.now()}`, name: 'Followable', isTopic: true });
    await em.flush();
    expect(await api.social.followTag({ tagId: tag.id })).toMatchObject({
      followerCount: 1,
      viewerEdge: { isFollowing: true },
    });
    expect((await api.social.followTag({ tagId: tag.id })).followerCount).toBe(1);
    expect(await db.em().count(FollowTag, { follower: reader.id, tag: tag.id })).toBe(1);
    expect((await api.topics.bySlug({ slug: tag.slug })).viewerEdge.isFollowing).toBe(true);
    expect((await as(null).topics.bySlug({ slug: tag.slug })).viewerEdge.isFollowing).toBe(false);
    const listed = (await api.discovery.topics({})).topics.find((t) => t.id === tag.id);
    expect(listed?.viewerEdge.isFollowing).toBe(true);

    expect(await api.social.unfollowTag({ tagId: tag.id })).toMatchObject({
      followerCount: 0,
      viewerEdge: { isFollowing: false },
    });
    expect((await api.social.unfollowTag({ tagId: tag.id })).followerCount).toBe(0);
    await expect(api.social.followTag({ tagId: '0123456789ab' })).rejects.toThrow(
      'This topic does not exist.',
    );
    await expect(as(null).social.followTag({ tagId: tag.id })).rejects.toThrow('You need to sign in first.');
  });
});
