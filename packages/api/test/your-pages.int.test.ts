import {
  Clap,
  Collection,
  FollowCollection,
  FollowTag,
  FollowUser,
  Post,
  ReadEvent,
  ReadingHistory,
  Tag,
  type User,
  User as UserEntity,
} from '@quire/db';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { suggestedWriters } from '../src/services/your-pages';
import { callerAs, testClock } from './auth-helpers';

/*
 * The viewer's own pages (spec §2 Your pages and Settings mute) through the procedures: what they follow and
 * muted, the publications they belong to, and the reading history they can remove from and clear.
 */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-25T12:00:00Z'));

const api = (viewer: User | null) => callerAs(db, clock, viewer);

let tags = 0;
async function buildTag(name: string) {
  const em = db.em();
  const tag = em.create(Tag, { slug: `your-pages-${Date.now().toString(36)}-${tags++}`, name });
  await em.flush();
  return tag;
}

describe('what the viewer follows and muted (spec §2 /me/following, /me/settings/mute)', () => {
  it('lists followed writers, publications and topics, leaving out a publication gone private', async () => {
    const reader = await buildUser(db.em());
    const writer = await buildUser(db.em(), { name: 'Ada Followed' });
    const open = await buildCollection(db.em(), { creator: writer, name: 'Open Letters' });
    const closed = await buildCollection(db.em(), { creator: writer, name: 'Closed Circle' });
    const topic = await buildTag('Engines');
    await api(reader).social.followUser({ targetUserId: writer.id });
    await api(reader).social.followCollection({ targetCollectionId: open.id });
    await api(reader).social.followCollection({ targetCollectionId: closed.id });
    await api(reader).social.followTag({ tagId: topic.id });
    await db.em().nativeUpdate(Collection, closed.id, { visibility: 'PRIVATE' });

    const writers = await api(reader).yourPages.followedWriters({});
    expect(writers.people.map((p) => [p.name, p.isFollowing])).toEqual([['Ada Followed', true]]);
    const publications = await api(reader).yourPages.followedPublications({});
    expect(publications.publications.map((p) => p.name)).toEqual(['Open Letters']);
    expect(await db.em().count(FollowCollection, { follower: reader.id })).toBe(2);
    const topics = await api(reader).yourPages.followedTopics();
    expect(topics.topics).toEqual([{ id: topic.id, name: 'Engines', slug: topic.slug }]);
    expect(await db.em().count(FollowTag, { follower: reader.id })).toBe(1);

    // Another reader's lists are their own.
    const other = await buildUser(db.em());
    expect((await api(other).yourPages.followedWriters({})).people).toEqual([]);
  });

  it('pages followed writers newest first without repeating one', async () => {
    const reader = await buildUser(db.em());
    const names: string[] = [];
    for (let i = 0; i < 23; i++) {
      const writer = await buildUser(db.em());
      names.unshift(writer.name);
      clock.advance(1000);
      await api(reader).social.followUser({ targetUserId: writer.id });
    }
    const first = await api(reader).yourPages.followedWriters({});
    expect(first.people).toHaveLength(20);
    const second = await api(reader).yourPages.followedWriters({ cursor: first.next });
    expect(second.next).toBeNull();
    expect([...first.people, ...second.people].map((p) => p.name)).toEqual(names);
  });

  it('lists muted writers and publications, and unmuting takes them off', async () => {
    const reader = await buildUser(db.em());
    const writer = await buildUser(db.em(), { name: 'Loud Writer' });
    const publication = await buildCollection(db.em(), { creator: writer, name: 'Loud Weekly' });
    await api(reader).social.muteUser({ targetUserId: writer.id });
    await api(reader).social.muteCollection({ targetCollectionId: publication.id });
    expect((await api(reader).yourPages.mutedWriters({})).people.map((p) => p.name)).toEqual(['Loud Writer']);
    expect((await api(reader).yourPages.mutedPublications({})).publications.map((p) => p.name)).toEqual([
      'Loud Weekly',
    ]);
    await api(reader).social.unmuteUser({ targetUserId: writer.id });
    await api(reader).social.unmuteCollection({ targetCollectionId: publication.id });
    expect((await api(reader).yourPages.mutedWriters({})).people).toEqual([]);
    expect((await api(reader).yourPages.mutedPublications({})).publications).toEqual([]);
  });

  it('lists the publications the viewer belongs to, with their role', async () => {
    const owner = await buildUser(db.em());
    const writer = await buildUser(db.em());
    const b = await buildCollection(db.em(), { creator: owner, name: 'B Review' });
    const a = await buildCollection(db.em(), { creator: owner, name: 'A Journal' });
    await addCollectionMember(db.em(), a, writer, 'WRITER');
    expect((await api(owner).yourPages.publications()).publications.map((p) => [p.name, p.role])).toEqual([
      ['A Journal', 'OWNER'],
      ['B Review', 'OWNER'],
    ]);
    expect((await api(writer).yourPages.publications()).publications.map((p) => [p.id, p.role])).toEqual([
      [a.id, 'WRITER'],
    ]);
    expect(b.id).not.toBe(a.id);
  });

  it('suggests writers the people one follows follow, never oneself, a followed, muted or blocking writer', async () => {
    const reader = await buildUser(db.em());
    const friend = await buildUser(db.em());
    const popular = await buildUser(db.em(), { name: 'Followed By Friends' });
    const muted = await buildUser(db.em());
    const blocker = await buildUser(db.em());
    for (const w of [popular, muted, blocker]) await api(friend).social.followUser({ targetUserId: w.id });
    await api(reader).social.followUser({ targetUserId: friend.id });
    await api(reader).social.muteUser({ targetUserId: muted.id });
    await api(blocker).social.blockUser({ targetUserId: reader.id });
    const recentWriter = await buildUser(db.em(), { name: 'Just Published' });
    await buildPost(db.em(), { creator: recentWriter, title: 'Fresh story' });

    const ids = (await api(reader).yourPages.suggestedWriters()).people.map((p) => p.id);
    expect(ids[0]).toBe(popular.id);
    expect(ids).toContain(recentWriter.id);
    for (const excluded of [reader, friend, muted, blocker]) expect(ids).not.toContain(excluded.id);
  });

  it('never suggests a closed account, however many of the people one follows follow it', async () => {
    const em = db.em();
    const reader = await buildUser(em);
    const friends = [await buildUser(em), await buildUser(em)];
    const suspended = await buildUser(em, { name: 'Suspended Favourite' });
    const deleted = await buildUser(em, { name: 'Deleted Favourite' });
    const open = await buildUser(em, { name: 'Open Favourite' });
    for (const friend of friends) {
      for (const w of [suspended, deleted, open]) em.create(FollowUser, { follower: friend, target: w });
    }
    suspended.isSuspended = true;
    deleted.isDeleted = true;
    deleted.deletedAt = new Date();
    await em.flush();
    for (const friend of friends) await api(reader).social.followUser({ targetUserId: friend.id });
    const ids = (await api(reader).yourPages.suggestedWriters()).people.map((p) => p.id);
    expect(ids[0]).toBe(open.id);
    expect(ids).not.toContain(suspended.id);
    expect(ids).not.toContain(deleted.id);
  });

  it('ranks the newest writers it is handed past those it may not suggest, near writers first by count then time', async () => {
    const reader = await buildUser(db.em());
    const friend = await buildUser(db.em());
    // Two writers the friend follows (the same count): the one who published comes first, though its id is later.
    const [x, y] = [await buildUser(db.em()), await buildUser(db.em())];
    const [published, quiet] = x.id > y.id ? [x, y] : [y, x];
    for (const w of [published, quiet]) await api(friend).social.followUser({ targetUserId: w.id });
    await api(reader).social.followUser({ targetUserId: friend.id });
    const recent: User[] = [];
    for (let i = 0; i < 40; i++) recent.push(await buildUser(db.em()));
    await api(reader).social.followUser({ targetUserId: recent[0]!.id });
    await api(reader).social.muteUser({ targetUserId: recent[1]!.id });
    await api(recent[2]!).social.blockUser({ targetUserId: reader.id });
    const now = Date.now();
    // The newest stories first; the near writer's own story is the oldest, past the ones the statement ranks.
    const newest = [
      ...recent.map((w, i) => ({ creatorId: w.id, publishedAt: now - i * 60_000 })),
      { creatorId: published.id, publishedAt: now - 3_600_000 },
    ];
    const em = db.em();
    const viewer = await em.findOneOrFail(UserEntity, reader.id);
    const ids = (await suggestedWriters(em, viewer, 3, newest)).people.map((p) => p.id);
    expect(ids).toEqual([published.id, quiet.id, recent[3]!.id]);
    const more = (await suggestedWriters(db.em(), viewer, 6, newest)).people.map((p) => p.id);
    expect(more).toEqual([published.id, quiet.id, ...recent.slice(3, 7).map((w) => w.id)]);
  });

  it('counts the near writers again when the reader follows someone new, and keeps them for the same follows', async () => {
    const reader = await buildUser(db.em());
    const [first, second, early, late] = [
      await buildUser(db.em()),
      await buildUser(db.em()),
      await buildUser(db.em(), { name: 'Followed By The First' }),
      await buildUser(db.em(), { name: 'Followed By The Second' }),
    ];
    await api(first).social.followUser({ targetUserId: early.id });
    await api(second).social.followUser({ targetUserId: late.id });
    await api(reader).social.followUser({ targetUserId: first.id });
    const suggested = async () => (await api(reader).yourPages.suggestedWriters()).people.map((p) => p.id);
    expect((await suggested())[0]).toBe(early.id);
    // The same follows: the count is kept, so a change among the followed people's follows waits for it to expire.
    await api(first).social.followUser({ targetUserId: late.id });
    expect(await suggested()).not.toContain(late.id);
    // A new follow of the reader's own is a new count at once.
    await api(reader).social.followUser({ targetUserId: second.id });
    const now = await suggested();
    expect(now.slice(0, 2).sort()).toEqual([early.id, late.id].sort());
    expect(now[0]).toBe(late.id);
  });

  it('refuses visitors', async () => {
    await expect(api(null).yourPages.followedWriters({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(api(null).yourPages.readingHistory({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('reading history (spec §2 /me/readinghistory)', () => {
  it('remembers the stories the viewer opened, last opened first, and lets them remove one or clear all', async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const first = await buildPost(db.em(), { creator: writer, title: 'First opened' });
    const second = await buildPost(db.em(), { creator: writer, title: 'Second opened' });
    await api(reader).reading.view({ postId: first.id });
    clock.advance(60_000);
    await api(reader).reading.view({ postId: second.id });
    clock.advance(60_000);
    // Opening the first again moves it to the top, once.
    await api(reader).reading.view({ postId: first.id });
    const history = await api(reader).yourPages.readingHistory({});
    expect(history.posts.map((p) => p.id)).toEqual([first.id, second.id]);

    expect(await api(reader).yourPages.removeFromHistory({ postId: second.id })).toEqual({ removed: true });
    expect((await api(reader).yourPages.readingHistory({})).posts.map((p) => p.id)).toEqual([first.id]);
    expect(await api(reader).yourPages.clearHistory()).toEqual({ removed: 1 });
    expect((await api(reader).yourPages.readingHistory({})).posts).toEqual([]);
    // The read log (stats, the Partner Program) keeps what happened.
    expect(await db.em().count(ReadEvent, { user: reader.id, kind: 'VIEW' })).toBeGreaterThanOrEqual(2);
  });

  it('leaves out a story that is no longer readable, and keeps each reader to their own history', async () => {
    const writer = await buildUser(db.em());
    const reader = await buildUser(db.em());
    const story = await buildPost(db.em(), { creator: writer, title: 'Soon gone' });
    await api(reader).reading.view({ postId: story.id });
    expect((await api(reader).yourPages.readingHistory({})).posts).toHaveLength(1);
    await db.em().nativeUpdate(Post, story.id, { deletedAt: clock.now() });
    expect((await api(reader).yourPages.readingHistory({})).posts).toEqual([]);
    expect(await db.em().count(ReadingHistory, { user: reader.id })).toBe(1);

    const other = await buildUser(db.em());
    expect(await api(other).yourPages.removeFromHistory({ postId: story.id })).toEqual({ removed: false });
    expect(await db.em().count(ReadingHistory, { user: reader.id })).toBe(1);
  });

  it('refuses a malformed story id with a clear 400', async () => {
    const reader = await buildUser(db.em());
    await expect(api(reader).yourPages.removeFromHistory({ postId: 'nope\u0000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('your activity (spec §2 /me/activity)', () => {
  it('lists claps, responses, highlights and follows newest first, leaving out what the viewer may no longer see', async () => {
    const em = db.em();
    const reader = await buildUser(em);
    const writer = await buildUser(em, { name: 'Active Writer' });
    const story = await buildPost(em, { creator: writer, title: 'A clapped story' });
    const gone = await buildPost(em, { creator: writer, title: 'A story soon deleted' });
    const topic = await buildTag('Activity Topic');
    em.create(Clap, { user: reader, post: story, count: 3 });
    em.create(Clap, { user: reader, post: gone, count: 1 });
    await em.flush();
    clock.advance(1000);
    await api(reader).social.followUser({ targetUserId: writer.id });
    await api(reader).social.followTag({ tagId: topic.id });
    await em.nativeUpdate(Post, gone.id, { deletedAt: clock.now() });

    const { items } = await api(reader).yourPages.activity({});
    const kinds = items.map((i) => i.kind);
    expect(kinds).toContain('FOLLOW_USER');
    expect(kinds).toContain('FOLLOW_TOPIC');
    const clap = items.find((i) => i.kind === 'CLAP');
    expect(clap).toMatchObject({ kind: 'CLAP', claps: 3, post: { id: story.id } });
    expect(items.filter((i) => i.kind === 'CLAP')).toHaveLength(1);
    // Newest first.
    const times = items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    // Someone else's activity is theirs.
    expect((await api(await buildUser(em)).yourPages.activity({})).items).toEqual([]);
  });
});
