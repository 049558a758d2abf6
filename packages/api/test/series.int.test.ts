import { Catalog, FollowUser, MuteUser, Notification, Post, type User } from '@quire/db';
import { SERIES_STORIES_MAX, seriesTexts } from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

async function setup() {
  const writer = await buildUser(db.em(), { name: 'Series Writer' });
  const reader = await buildUser(db.em());
  const stories = [];
  for (let i = 1; i <= 3; i++)
    stories.push(await buildPost(db.em(), { creator: writer, title: `Part ${i}` }));
  return { writer, reader, stories };
}

describe('series', () => {
  it('is a draft only its writer sees until published; readers then get its stories in order and the next one', async () => {
    const { writer, reader, stories } = await setup();
    const series = await as(writer).series.create({ name: 'A Long Walk', description: 'In three parts' });
    expect(series).toMatchObject({ isPublished: false, sequenceSlug: `a-long-walk-${series.id}` });
    for (const story of stories)
      await as(writer).series.setStory({ seriesId: series.id, postId: story.id, included: true });
    const hidden = { code: 'NOT_FOUND', message: seriesTexts.notFound };
    expect(await refusal(as(reader).series.bySlug({ sequenceSlug: series.sequenceSlug }))).toEqual(hidden);
    expect(await refusal(as(null).series.bySlug({ sequenceSlug: series.sequenceSlug }))).toEqual(hidden);
    // A draft series puts nothing under its stories.
    const before = await as(reader).posts.byId({ id: stories[0]!.id });
    expect(before.__typename === 'Post' && before.series).toBeNull();

    await as(writer).series.publish({ seriesId: series.id, published: true });
    const page = await as(reader).series.bySlug({ sequenceSlug: series.sequenceSlug });
    expect(page.stories.map((s) => s.title)).toEqual(['Part 1', 'Part 2', 'Part 3']);
    // The last goes first; Part 1 is then second.
    await as(writer).series.moveStory({
      seriesId: series.id,
      itemId: page.stories[2]!.itemId,
      afterItemId: null,
    });
    const moved = await as(null).series.bySlug({ sequenceSlug: series.id });
    expect(moved.stories.map((s) => s.title)).toEqual(['Part 3', 'Part 1', 'Part 2']);

    const part1 = await as(reader).posts.byId({ id: stories[0]!.id });
    expect(part1.__typename === 'Post' && part1.series).toMatchObject({
      name: 'A Long Walk',
      path: `/s/${series.sequenceSlug}`,
      position: 2,
      count: 3,
      previous: { title: 'Part 3' },
      next: { title: 'Part 2' },
    });
    expect(
      (await as(reader).discovery.profile.series({ username: writer.username })).series.map((s) => s.name),
    ).toEqual(['A Long Walk']);
    expect((await as(writer).series.mine({ filterBy: 'published' })).series).toHaveLength(1);
    expect((await as(writer).series.mine({ filterBy: 'drafts' })).series).toHaveLength(0);
  });

  it("tells the writer's followers once, on the first publication, except those who muted the writer", async () => {
    const { writer } = await setup();
    const [fan, muter, other] = [
      await buildUser(db.em()),
      await buildUser(db.em()),
      await buildUser(db.em()),
    ];
    const em = db.em();
    for (const follower of [fan, muter]) em.create(FollowUser, { follower, target: writer });
    em.create(MuteUser, { user: muter, target: writer });
    await em.flush();
    const series = await as(writer).series.create({ name: 'Told' });
    await as(writer).series.publish({ seriesId: series.id, published: true });
    await as(writer).series.publish({ seriesId: series.id, published: false });
    await as(writer).series.publish({ seriesId: series.id, published: true });
    const told = async (user: User) =>
      db.em().count(Notification, {
        recipient: user.id,
        notificationType: 'series_published',
        catalog: series.id,
      });
    expect(await told(fan)).toBe(1);
    expect(await told(muter)).toBe(0);
    expect(await told(other)).toBe(0);
    const [shown] = (await as(fan).notifications.list({})).notifications;
    expect(shown).toMatchObject({ notificationType: 'series_published', actor: { id: writer.id } });
  });

  it("refuses others' stories, a story in another series, a stranger's changes, and a full series", async () => {
    const { writer, reader, stories } = await setup();
    const series = await as(writer).series.create({ name: 'First' });
    const second = await as(writer).series.create({ name: 'Second' });
    const theirs = await buildPost(db.em(), { creator: reader });
    expect(
      (await refusal(as(writer).series.setStory({ seriesId: series.id, postId: theirs.id, included: true })))
        ?.message,
    ).toBe(seriesTexts.notYours);
    await as(writer).series.setStory({ seriesId: series.id, postId: stories[0]!.id, included: true });
    expect(
      (
        await refusal(
          as(writer).series.setStory({ seriesId: second.id, postId: stories[0]!.id, included: true }),
        )
      )?.message,
    ).toBe(seriesTexts.inAnother);
    expect((await refusal(as(reader).series.update({ seriesId: series.id, name: 'Mine' })))?.code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(as(writer).series.create({ name: ' ' })))?.message).toContain(
      seriesTexts.titleRequired,
    );

    await db.em().nativeUpdate(Catalog, { id: second.id }, { itemsCount: SERIES_STORIES_MAX });
    expect(
      (
        await refusal(
          as(writer).series.setStory({ seriesId: second.id, postId: stories[1]!.id, included: true }),
        )
      )?.message,
    ).toBe(seriesTexts.full);
    // Taking a story out frees it for another series; deleting a series frees its stories.
    await as(writer).series.setStory({ seriesId: series.id, postId: stories[0]!.id, included: false });
    expect((await db.em().findOneOrFail(Post, stories[0]!.id)).sequence).toBeNull();
    await as(writer).series.setStory({ seriesId: series.id, postId: stories[2]!.id, included: true });
    await as(writer).series.delete({ seriesId: series.id });
    expect((await db.em().findOneOrFail(Post, stories[2]!.id)).sequence).toBeNull();
    expect((await as(writer).series.candidates()).stories.map((s) => s.title).sort()).toEqual([
      'Part 1',
      'Part 2',
      'Part 3',
    ]);
  });
});
