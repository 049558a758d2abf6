import { Block, FollowCollection, FollowUser, MuteCollection, MuteUser, Report } from '@quire/db';
import { socialMenuTexts } from '@quire/domain';
import { buildCollection, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const gql = t.gql;

async function signedIn(name: string) {
  const user = await buildUser(t.db.em(), { name });
  return { user, headers: authHeaders(await buildSession(t.db.em(), user)) };
}

describe('GraphQL follow, mute, block and report by their spec §7 names', () => {
  it('FollowUser / UnfollowUser answer id, name and viewerEdge.isFollowing', async () => {
    const { user: reader, headers } = await signedIn('Gil Reader');
    const writer = await buildUser(t.db.em(), { name: 'Gwen Writer' });
    const followed = await gql('FollowUser', { targetUserId: writer.id }, headers);
    expect(followed.json().data.followUser).toEqual({
      id: writer.id,
      name: 'Gwen Writer',
      viewerEdge: { id: `${writer.id}:${reader.id}`, isFollowing: true },
    });
    expect(await t.db.em().count(FollowUser, { follower: reader.id, target: writer.id })).toBe(1);
    const unfollowed = await gql('UnfollowUser', { targetUserId: writer.id }, headers);
    expect(unfollowed.json().data.unfollowUser.viewerEdge.isFollowing).toBe(false);
    expect(await t.db.em().count(FollowUser, { follower: reader.id })).toBe(0);
  });

  it('FollowUser on yourself answers the spec error text', async () => {
    const { user, headers } = await signedIn('Selfie');
    const res = await gql('FollowUser', { targetUserId: user.id }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().errors[0].message).toBe('You cannot follow yourself on Quire.');
  });

  it('refuses signed-out callers and a missing anti-forgery token, changing nothing', async () => {
    const writer = await buildUser(t.db.em());
    const anonymous = await gql('FollowUser', { targetUserId: writer.id }, authHeaders(null));
    expect(anonymous.json().errors[0].message).toBe('You need to sign in first.');
    const { user, headers } = await signedIn('No Token');
    const forged = await gql(
      'FollowUser',
      { targetUserId: writer.id },
      { cookie: headers.cookie, 'x-xsrf-token': 'wrong' },
    );
    expect(forged.statusCode).toBe(403);
    expect(await t.db.em().count(FollowUser, { follower: user.id })).toBe(0);
  });

  it('FollowCollection / UnfollowCollection answer the publication with viewerEdge.isFollowing', async () => {
    const { user: reader, headers } = await signedIn('Pat Reader');
    const owner = await buildUser(t.db.em());
    const pub = await buildCollection(t.db.em(), { creator: owner, name: 'Field Notes' });
    const followed = await gql('FollowCollection', { targetCollectionId: pub.id }, headers);
    expect(followed.json().data.followCollection).toEqual({
      id: pub.id,
      name: 'Field Notes',
      viewerEdge: { id: `${pub.id}:${reader.id}`, isFollowing: true },
    });
    const unfollowed = await gql('UnfollowCollection', { targetCollectionId: pub.id }, headers);
    expect(unfollowed.json().data.unfollowCollection.viewerEdge.isFollowing).toBe(false);
    expect(await t.db.em().count(FollowCollection, { follower: reader.id })).toBe(0);
  });

  it('muteUser / unmuteUser / muteCollection / unmuteCollection answer viewerEdge.isMuting', async () => {
    const { user: reader, headers } = await signedIn('Max Muter');
    const writer = await buildUser(t.db.em(), { name: 'Loud Writer' });
    const pub = await buildCollection(t.db.em(), { creator: writer, name: 'Loud Pub' });
    // Mutes then unmutes through the mute{kind} / unmute{kind} operations, checking answers and rows.
    const muteAndUnmute = async (
      kind: 'User' | 'Collection',
      variables: Record<string, string>,
      answer: { id: string; name: string },
      rows: () => Promise<number>,
    ) => {
      const muted = await gql(`mute${kind}`, variables, headers);
      expect(muted.json().data[`mute${kind}`]).toMatchObject({ ...answer, viewerEdge: { isMuting: true } });
      expect(await rows()).toBe(1);
      const unmuted = await gql(`unmute${kind}`, variables, headers);
      expect(unmuted.json().data[`unmute${kind}`].viewerEdge.isMuting).toBe(false);
      expect(await rows()).toBe(0);
    };
    await muteAndUnmute('User', { targetUserId: writer.id }, { id: writer.id, name: 'Loud Writer' }, () =>
      t.db.em().count(MuteUser, { user: reader.id }),
    );
    await muteAndUnmute('Collection', { targetCollectionId: pub.id }, { id: pub.id, name: 'Loud Pub' }, () =>
      t.db.em().count(MuteCollection, { user: reader.id }),
    );
  });

  it('blockUser / unblockUser answer viewerEdge.isBlocking; another userId is refused', async () => {
    const { user: me, headers } = await signedIn('Bea Blocker');
    const pest = await buildUser(t.db.em());
    const notMe = await gql('blockUser', { userId: pest.id, targetUserId: pest.id }, headers);
    expect(notMe.json().errors[0].message).toBe(socialMenuTexts.otherUsersAction);
    expect(await t.db.em().count(Block, { blocked: pest.id })).toBe(0);

    const blocked = await gql('blockUser', { userId: me.id, targetUserId: pest.id }, headers);
    expect(blocked.json().data.blockUser).toEqual({
      id: pest.id,
      viewerEdge: { id: `${pest.id}:${me.id}`, isBlocking: true },
    });
    const byViewerId = await gql('blockUser', { viewerId: me.id, targetUserId: pest.id }, headers);
    expect(byViewerId.json().data.blockUser.viewerEdge.isBlocking).toBe(true);
    expect(await t.db.em().count(Block, { blocker: me.id, blocked: pest.id })).toBe(1);
    const unblocked = await gql('unblockUser', { userId: me.id, targetUserId: pest.id }, headers);
    expect(unblocked.json().data.unblockUser.viewerEdge.isBlocking).toBe(false);
    expect(await t.db.em().count(Block, { blocker: me.id })).toBe(0);
  });

  it('reportAndMaybeBlockUser reports, and blocks only when alsoBlockUser is set', async () => {
    const { user: me, headers } = await signedIn('Rex Reporter');
    const troll = await buildUser(t.db.em());
    const reportOnly = await gql(
      'reportAndMaybeBlockUser',
      { userId: me.id, targetUserId: troll.id, alsoBlockUser: false },
      headers,
    );
    expect(reportOnly.json().data.reportAndMaybeBlockUser).toEqual({
      id: troll.id,
      viewerEdge: { id: `${troll.id}:${me.id}`, isBlocking: false },
    });
    expect(await t.db.em().count(Block, { blocker: me.id })).toBe(0);
    const andBlock = await gql(
      'reportAndMaybeBlockUser',
      { userId: me.id, targetUserId: troll.id, alsoBlockUser: true },
      headers,
    );
    expect(andBlock.json().data.reportAndMaybeBlockUser.viewerEdge.isBlocking).toBe(true);
    expect(await t.db.em().findOneOrFail(Report, { reporter: me.id })).toMatchObject({
      targetType: 'USER',
      targetId: troll.id,
      alsoBlocked: true,
    });
  });
});
