import { Block, Catalog, CatalogItem, Clap, FollowUser, PartnerEnrollment } from '@quire/db';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

async function signedIn(name: string) {
  const user = await buildUser(t.db.em(), { name });
  return { user, headers: authHeaders(await buildSession(t.db.em(), user)) };
}

describe('GraphQL PostViewerEdgeQuery', () => {
  it('answers the reader’s claps and reading list, the share key to the author only, and the writer’s program status', async () => {
    const em = t.db.em();
    const author = await signedIn('Edge Author');
    const reader = await signedIn('Edge Reader');
    const post = await buildPost(em, { creator: author.user, title: 'Edge story' });
    em.create(Clap, { user: reader.user, post, count: 7 });
    const list = em.create(Catalog, {
      creator: reader.user,
      name: 'Reading list',
      predefined: 'READING_LIST',
    });
    em.create(CatalogItem, { catalog: list, itemType: 'POST', post });
    author.user.isPartnerProgramEnrolled = true;
    await em.flush();

    const asReader = await t.gql('PostViewerEdgeQuery', { postId: post.id }, reader.headers);
    expect(asReader.json().data.postViewerEdge).toEqual({
      id: `${post.id}:${reader.user.id}`,
      clapCount: 7,
      readingList: 'READING_LIST',
      shareKey: null,
      creatorPartnerProgramEnrollmentStatus: 'ENROLLED',
    });
    const asAuthor = await t.gql('PostViewerEdgeQuery', { postId: post.id }, author.headers);
    expect(asAuthor.json().data.postViewerEdge).toMatchObject({ clapCount: 0, shareKey: post.shareKey });
    const anonymous = await t.gql('PostViewerEdgeQuery', { postId: post.id });
    expect(anonymous.json().data.postViewerEdge).toMatchObject({
      clapCount: 0,
      readingList: null,
      shareKey: null,
    });

    // User.isPartnerProgramEnrolled is the one source of truth: an enrollment row does not contradict it.
    const other = await signedIn('Edge Other Writer');
    em.create(PartnerEnrollment, { user: other.user, status: 'ENROLLED' });
    const denied = await signedIn('Edge Denied Writer');
    em.create(PartnerEnrollment, { user: denied.user, status: 'PERMISSION_DENIED' });
    await em.flush();
    for (const [writer, status] of [
      [other, 'NOT_ENROLLED'],
      [denied, 'PERMISSION_DENIED'],
    ] as const) {
      const story = await buildPost(em, { creator: writer.user });
      const edge = await t.gql('PostViewerEdgeQuery', { postId: story.id }, reader.headers);
      expect(edge.json().data.postViewerEdge.creatorPartnerProgramEnrollmentStatus).toBe(status);
    }

    // A draft is the author's alone.
    const draft = await buildPost(em, { creator: author.user, status: 'DRAFT' });
    const hidden = await t.gql('PostViewerEdgeQuery', { postId: draft.id }, reader.headers);
    expect(hidden.json().errors[0].message).toBe('This story does not exist.');
  });
});

describe('GraphQL CollectionViewerEdge and UserViewerEdge', () => {
  it('answer the viewer’s follow, mute and role, and nothing for a visitor', async () => {
    const em = t.db.em();
    const owner = await signedIn('Edge Owner');
    const editor = await signedIn('Edge Editor');
    const publication = await buildCollection(em, { creator: owner.user });
    await addCollectionMember(em, publication, editor.user, 'EDITOR');
    em.create(FollowUser, { follower: editor.user, target: owner.user });
    await em.flush();

    const asEditor = await t.gql('CollectionViewerEdge', { collectionId: publication.id }, editor.headers);
    expect(asEditor.json().data.collectionViewerEdge).toEqual({
      id: `${publication.id}:${editor.user.id}`,
      canEditOwnPosts: true,
      canEditPosts: true,
      isEditor: true,
      isFollowing: false,
      isMuting: false,
      isWriter: true,
      // The publication has no newsletter.
      isSubscribedToLetters: false,
    });
    const visitor = await t.gql('CollectionViewerEdge', { collectionId: publication.id });
    expect(visitor.json().data.collectionViewerEdge).toMatchObject({ isEditor: false, isWriter: false });

    const edge = await t.gql('UserViewerEdge', { userId: owner.user.id }, editor.headers);
    expect(edge.json().data.userViewerEdge).toEqual({
      id: `${owner.user.id}:${editor.user.id}`,
      isBlocking: false,
      isFollowing: true,
      isMuting: false,
      isUser: false,
    });
  });
});

describe('GraphQL UserSearchQuery and userResult', () => {
  it('find a user by username or id, with their published story count; the style reminder flag only for oneself', async () => {
    const em = t.db.em();
    const writer = await signedIn('Result Writer');
    writer.user.hasSeenStyleReminder = true;
    await em.flush();
    await buildPost(em, { creator: writer.user });
    await buildPost(em, { creator: writer.user, status: 'DRAFT' });

    const byName = await t.gql('UserSearchQuery', { username: writer.user.username });
    expect(byName.json().data.userResult).toEqual({
      id: writer.user.id,
      username: writer.user.username,
      name: 'Result Writer',
      customStyleSheet: null,
      hasSeenStyleReminder: false,
      userPostCounts: { publishedPosts: 1 },
    });
    const self = await t.gql('userResult', { id: writer.user.id }, writer.headers);
    expect(self.json().data.userResult.hasSeenStyleReminder).toBe(true);
    const nobody = await t.gql('UserSearchQuery', { username: 'nobody-here' });
    expect(nobody.json().errors[0].message).toBe('This profile does not exist.');
    const neither = await t.gql('UserSearchQuery', {});
    expect(neither.json().errors[0].message).toContain('Give a user id or a username.');
  });
});

describe('viewer edges and blocks (spec §4 Block)', () => {
  it('answer a reader blocked by the writer as if the story and profile did not exist', async () => {
    const em = t.db.em();
    const writer = await signedIn('Blocking Writer');
    const blocked = await signedIn('Blocked Reader');
    const post = await buildPost(em, { creator: writer.user });
    em.create(Block, { blocker: writer.user, blocked: blocked.user });
    await em.flush();
    const edge = await t.gql('PostViewerEdgeQuery', { postId: post.id }, blocked.headers);
    expect(edge.json().errors[0].message).toBe('This story does not exist.');
    const user = await t.gql('userResult', { id: writer.user.id }, blocked.headers);
    expect(user.json().errors[0].message).toBe('This profile does not exist.');
    const view = await t.app.inject({
      method: 'POST',
      url: '/trpc/reading.view',
      payload: { postId: post.id },
      headers: blocked.headers,
    });
    expect(view.statusCode).toBe(404);
  });
});
