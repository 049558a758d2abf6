import { Clap, Earning, FollowUser, type Post, ReadEvent, type User } from '@quire/db';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { rollupStatsDays } from '../src';
import { allStatsDays, staleStatsDays } from '../src/services/stats/rollup';
import { callerAs, refusal, testClock } from './auth-helpers';

/*
 * Stats (spec §2 stats pages and JSON stats paths) against seeded events: each number after the rollup, the
 * rollup's idempotence, who may see which stats, bad ranges and the CSV of a story's days.
 */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-25T12:00:00Z'));
const api = (viewer: User | null) => callerAs(db, clock, viewer);

const DAY1 = '2026-11-24';
const DAY2 = '2026-11-25';
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

/** A writer with a story in their publication and one on their own, a member reader, an editor and a stranger. */
async function world() {
  const em = db.em();
  const writer = await buildUser(em, { name: 'Stella Stats' });
  const member = await buildUser(em, { name: 'Mia Member', mediumMemberAt: Date.parse('2026-01-01') });
  const editor = await buildUser(em, { name: 'Eddie Editor' });
  const penman = await buildUser(em, { name: 'Wes Writer' });
  const stranger = await buildUser(em, { name: 'Sam Stranger' });
  const publication = await buildCollection(em, { creator: writer, name: 'Stats Mag' });
  await addCollectionMember(em, publication, editor, 'EDITOR');
  await addCollectionMember(em, publication, penman, 'WRITER');
  const inMag = await buildPost(em, {
    creator: writer,
    collection: publication,
    title: 'Counted in the magazine',
    publishedAt: at(DAY1, 1),
  });
  const solo = await buildPost(em, {
    creator: writer,
    title: 'Counted on its own',
    publishedAt: at(DAY1, 2),
  });
  const event = (post: Post, kind: 'VIEW' | 'READ', day: string, user: User | null, seconds = 0) =>
    em.create(ReadEvent, {
      post,
      user,
      visitorId: user ? null : 'a1b2c3d4e5f60718',
      kind,
      occurredAt: at(day, 9),
      readingSeconds: seconds,
      isMember: user === member,
    });
  // Day 1: three views (one the writer's own), two reads that count and the writer's own read.
  event(inMag, 'VIEW', DAY1, member);
  event(inMag, 'VIEW', DAY1, null);
  event(inMag, 'VIEW', DAY1, writer);
  event(inMag, 'READ', DAY1, member, 100);
  event(inMag, 'READ', DAY1, null, 50);
  event(inMag, 'READ', DAY1, writer, 30);
  // Day 2: a view and a member's read of the magazine story, two views of the other.
  event(inMag, 'VIEW', DAY2, member);
  event(inMag, 'READ', DAY2, member, 40);
  event(solo, 'VIEW', DAY2, member);
  event(solo, 'VIEW', DAY2, stranger);
  em.create(Clap, { user: member, post: inMag, count: 5, createdAt: at(DAY1, 11), updatedAt: at(DAY1, 11) });
  em.create(Earning, { user: writer, post: inMag, periodStart: DAY1, periodEnd: DAY1, amount: 123 });
  em.create(Earning, { user: writer, post: null, periodStart: DAY1, periodEnd: DAY1, amount: 7 });
  em.create(FollowUser, { follower: member, target: writer });
  await em.flush();
  const response = await buildPost(em, { creator: member, title: 'A reply', publishedAt: at(DAY2, 3) });
  response.inResponseToPost = inMag;
  await em.flush();
  // The follow was logged now (database time): moved into day 2 like the other events.
  await em.execute(`update follower_changes set occurred_at = ? where subject_id = ?`, [
    at(DAY2, 8),
    writer.id,
  ]);
  await rollupStatsDays(em, [DAY1, DAY2]);
  return { writer, member, editor, penman, stranger, publication, inMag, solo, response };
}

describe('a writer’s stats (spec §2 /me/stats)', () => {
  it('sums views, reads, read ratio, member reading time, claps, responses, earnings and followers', async () => {
    const w = await world();
    const stats = await api(w.writer).stats.writer({ period: '7' });
    expect(stats.range).toEqual({ from: '2026-11-19', to: DAY2 });
    expect(stats.days).toHaveLength(7);
    expect(stats.totals).toEqual({
      views: 5,
      reads: 3,
      readRatio: 60,
      memberReadingSeconds: 140,
      claps: 5,
      responses: 1,
      earningsCents: 130,
      followersGained: 1,
      followersLost: 0,
    });
    const day1 = stats.days.find((d) => d.day === DAY1)!;
    expect([day1.views, day1.reads, day1.memberReadingSeconds, day1.earningsCents]).toEqual([2, 2, 100, 130]);
    // Through the username too, and all time starts at the first day with stats.
    const mine = await api(w.writer).stats.writer({ username: w.writer.username, period: 'all' });
    expect(mine.range).toEqual({ from: DAY1, to: DAY2 });
    expect(mine.totals.views).toBe(5);
  });

  it('lists the stories newest first with their own sums, and responses and series apart', async () => {
    const w = await world();
    const table = await api(w.writer).stats.writerTable({ period: '30' });
    expect(table.items.map((s) => [s.title, s.views, s.reads, s.readRatio, s.earningsCents])).toEqual([
      ['Counted on its own', 2, 0, 0, 0],
      ['Counted in the magazine', 3, 3, 100, 123],
    ]);
    expect(table.next).toBeNull();
    const responses = await api(w.member).stats.writerTable({ period: '30', tab: 'responses' });
    expect(responses.items.map((s) => s.title)).toEqual(['A reply']);
    const series = await api(w.writer).stats.writerTable({ period: '30', tab: 'series' });
    expect(series.series).toEqual([]);
  });

  it('answers a story’s days and the CSV of them', async () => {
    const w = await world();
    const story = await api(w.writer).stats.story({ postId: w.inMag.id, period: '7' });
    expect(story.story.title).toBe('Counted in the magazine');
    expect(story.totals).toMatchObject({ views: 3, reads: 3, readRatio: 100, memberReadingSeconds: 140 });
    expect(story.totals).toMatchObject({ claps: 5, responses: 1, earningsCents: 123 });
    const csv = await api(w.writer).stats.storyCsv({ postId: w.inMag.id, period: '7' });
    expect(csv.filename).toBe(`story-${w.inMag.id}-stats-2026-11-19-to-${DAY2}.csv`);
    const lines = csv.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'day,views,reads,read_ratio_percent,member_reading_seconds,claps,responses,earnings_cents',
    );
    expect(lines).toHaveLength(8);
    expect(lines).toContain(`${DAY1},2,2,100,100,5,0,123`);
    expect(lines).toContain(`${DAY2},1,1,100,40,0,1,0`);
    expect(lines).toContain('2026-11-19,0,0,,0,0,0,0');
  });

  it('answers the same numbers for a range as the page for those days; refuses bad ranges with a reason', async () => {
    const w = await world();
    const start = Date.parse(`${DAY1}T00:00:00Z`);
    const end = Date.parse(`${DAY2}T23:59:59Z`);
    const range = await api(w.writer).stats.writerRange({ startTimeMs: start, endTimeMs: end });
    const page = await api(w.writer).stats.writer({ period: '7' });
    expect(range.totals).toEqual(page.totals);
    const story = await api(w.writer).stats.storyRange({
      postId: w.inMag.id,
      startTimeMs: start,
      endTimeMs: end,
    });
    expect(story.days.map((d) => d.views)).toEqual([2, 1]);
    const bad = [
      { startTimeMs: end, endTimeMs: start, message: 'The end of the range comes before its start.' },
      { startTimeMs: 0, endTimeMs: end, message: 'A stats range is at most 400 days.' },
      { startTimeMs: 'soon', endTimeMs: end, message: 'A stats range is two times in milliseconds' },
      { startTimeMs: -5, endTimeMs: end, message: 'A stats range is two times in milliseconds' },
    ];
    for (const { message, ...input } of bad) {
      const r = await refusal(api(w.writer).stats.writerRange(input as never));
      expect(r?.code).toBe('BAD_REQUEST');
      expect(r?.message).toContain(message);
    }
  });

  it('shows followers per day, week and month with the total at each end, and unfollows as lost', async () => {
    const w = await world();
    const em = db.em();
    await em.nativeDelete(FollowUser, { follower: w.member.id, target: w.writer.id });
    const log = await em.execute<{ delta: number }[]>(
      'select delta from follower_changes where subject_id = ? order by id',
      [w.writer.id],
    );
    expect(log.map((r) => r.delta)).toEqual([1, -1]);
    await em.execute(`update follower_changes set occurred_at = ? where subject_id = ? and delta < 0`, [
      at(DAY2, 11),
      w.writer.id,
    ]);
    await rollupStatsDays(em, [DAY2]);
    const daily = await api(w.writer).stats.audience({ period: 'daily' });
    expect(daily.buckets).toHaveLength(30);
    expect(daily.buckets.at(-1)).toEqual({ start: DAY2, gained: 1, lost: 1, total: 0 });
    const weekly = await api(w.writer).stats.audience({ period: 'weekly' });
    expect(weekly.buckets).toHaveLength(26);
    expect(weekly.buckets.at(-1)?.start).toBe('2026-11-23');
    const monthly = await api(w.writer).stats.audience({ period: 'monthly' });
    expect(monthly.buckets.map((b) => b.start).slice(-2)).toEqual(['2026-10-01', '2026-11-01']);
    const subscribers = await api(w.writer).stats.audience({ details: 'subscribers' });
    expect(subscribers).toMatchObject({ hasNewsletter: false, current: 0 });
  });
});

describe('the rollup', () => {
  it('recomputing a day gives the same rows', async () => {
    const w = await world();
    const em = db.em();
    const snapshot = async () =>
      Promise.all(
        ['post_daily_stats', 'user_daily_stats', 'collection_daily_stats'].map((table) =>
          em.execute(`select * from ${table} where day in (?::date, ?::date) order by 1, 2`, [DAY1, DAY2]),
        ),
      );
    const before = await snapshot();
    expect(before[0]!.length).toBeGreaterThan(0);
    await rollupStatsDays(em, [DAY2, DAY1, DAY1]);
    expect(await snapshot()).toEqual(before);
    // Another day's recompute leaves these alone; a day with nothing has no rows.
    await rollupStatsDays(em, ['2026-11-20']);
    expect(await snapshot()).toEqual(before);
    const pub = await api(w.writer).stats.publication({ slug: w.publication.slug, period: '7' });
    expect(pub.totals).toMatchObject({ views: 3, reads: 3, memberReadingSeconds: 140, earningsCents: 0 });
  });

  it('recomputes today, yesterday and the days of claps changed lately', async () => {
    const w = await world();
    const em = db.em();
    await em.nativeUpdate(Clap, { post: w.inMag.id }, { updatedAt: clock.now() });
    const days = await staleStatsDays(em, clock.now());
    expect(days).toEqual([DAY1, DAY2]);
    // A backfill covers every day from the first event to today.
    expect(await allStatsDays(em, clock.now())).toEqual([DAY1, DAY2]);
  });
});

describe('who sees which stats (policies/stats-rules.ts)', () => {
  it('a writer their own, a publication’s owner and editors its own; anyone else a 404 that tells nothing', async () => {
    const w = await world();
    const notFound = { code: 'NOT_FOUND', message: 'There are no stats to show here.' };
    const refused = refusal;
    // A stranger, a writer of the publication and its editor do not see the writer's own stats.
    for (const viewer of [w.stranger, w.penman, w.editor]) {
      expect(await refused(api(viewer).stats.writer({ username: w.writer.username }))).toEqual(notFound);
      expect(await refused(api(viewer).stats.audience({ username: w.writer.username }))).toEqual(notFound);
    }
    expect(await refused(api(w.stranger).stats.writer({ username: 'nobody-at-all' }))).toEqual(notFound);
    // A story: its writer and the editors of its publication; not its publication's writers, nor strangers.
    expect((await api(w.editor).stats.story({ postId: w.inMag.id })).totals.views).toBe(3);
    for (const viewer of [w.stranger, w.penman]) {
      expect(await refused(api(viewer).stats.story({ postId: w.inMag.id }))).toEqual(notFound);
      expect(await refused(api(viewer).stats.storyCsv({ postId: w.inMag.id }))).toEqual(notFound);
    }
    expect(await refused(api(w.editor).stats.story({ postId: w.solo.id }))).toEqual(notFound);
    expect(await refused(api(w.writer).stats.story({ postId: '0123456789ab' }))).toEqual(notFound);
    // A publication: its owner and editors.
    expect((await api(w.editor).stats.publication({ slug: w.publication.slug })).publication.name).toBe(
      'Stats Mag',
    );
    const stories = await api(w.editor).stats.publicationStories({ slug: w.publication.slug });
    expect(stories.items.map((s) => s.title)).toEqual(['Counted in the magazine']);
    expect((await api(w.writer).stats.publicationDigests({ slug: w.publication.slug })).digests).toEqual([]);
    for (const viewer of [w.stranger, w.penman]) {
      expect(await refused(api(viewer).stats.publication({ slug: w.publication.slug }))).toEqual(notFound);
      expect(await refused(api(viewer).stats.publicationDigests({ slug: w.publication.slug }))).toEqual(
        notFound,
      );
    }
    expect(await refused(api(w.editor).stats.publication({ slug: 'no-such-mag' }))).toEqual(notFound);
    // Signed out: asked to sign in.
    expect((await refusal(api(null).stats.writer({})))?.code).toBe('UNAUTHORIZED');
    expect((await refusal(api(null).stats.story({ postId: w.inMag.id })))?.code).toBe('UNAUTHORIZED');
  });

  it('logs a deleted follower as lost, and deleting a followed writer is never blocked by the log', async () => {
    const w = await world();
    const em = db.em();
    const deltas = async () =>
      (
        await em.execute<{ delta: number }[]>(
          'select delta from follower_changes where subject_id = ? order by id',
          [w.writer.id],
        )
      ).map((r) => r.delta);
    await em.execute('delete from users where id = ?', [w.member.id]);
    expect(await deltas()).toEqual([1, -1]);
    await api(w.stranger).social.followUser({ targetUserId: w.writer.id });
    await em.execute('delete from users where id = ?', [w.writer.id]);
    expect(await deltas()).toEqual([1, -1, 1]);
  });
});
