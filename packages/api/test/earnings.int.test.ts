import { EarningDay, type User } from '@quire/db';
import { accessTexts, earningsTexts } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { allocateDay } from '../src/services/partner/allocation';
import { earningsForMonth, unpaidBalance } from '../src/services/partner/earnings';
import { browser, testClock } from './auth-helpers';
import { at, buildMember, buildStory, buildWriter, ledgerOf, read } from './earnings-helpers';

const db = useTestDatabase();

/*
 * The allocation rule (docs/FEATURES.md, "How members' money reaches writers") on cases worked by hand. Each
 * test computes its own day, so the members of one test pay nothing on another's day.
 */

/** A 30-day monthly charge of `amount` cents paid at the start of `day` minus `i` days: day i of 30. */
const monthly = (
  amount: number,
  start: string,
  extra: Partial<Parameters<typeof buildMember>[1][number]> = {},
) => ({
  amount,
  paidAt: at(start, 5),
  periodEnd: new Date(at(start, 5).getTime() + 30 * 86_400_000),
  ...extra,
});

const row = (
  writer: User,
  post: { id: string } | null,
  amount: number,
  seconds: number,
  referral = false,
) => ({
  user_id: writer.id,
  post_id: post?.id ?? null,
  amount,
  seconds,
  referral,
});
const byWriter = (
  a: { user_id: string; post_id: string | null },
  b: { user_id: string; post_id: string | null },
) => a.user_id.localeCompare(b.user_id) || (a.post_id ?? '').localeCompare(b.post_id ?? '');

describe('the daily allocation', () => {
  it('splits one member’s day between two writers by reading time', async () => {
    const em = db.em();
    const [a, b] = [await buildWriter(em), await buildWriter(em)];
    const [storyA, storyB] = [await buildStory(em, a), await buildStory(em, b)];
    // 3,000 cents for 30 days: 100 a day; writers get 90 of it.
    const member = await buildMember(em, [monthly(3000, '2026-01-01')]);
    await read(em, member, storyA, at('2026-01-10', 9), 600);
    await read(em, member, storyB, at('2026-01-10', 20), 300);
    const day = await allocateDay(db.em(), '2026-01-10');
    expect(await ledgerOf(db.em(), '2026-01-10')).toEqual(
      [row(a, storyA, 60, 600), row(b, storyB, 30, 300)].sort(byWriter),
    );
    expect(day).toMatchObject({ revenue: 100, allocated: 90, referrals: 0, members: 1, readers: 1, rows: 2 });
  });

  it('keeps a member’s day with the platform when they read nothing, and counts their revenue', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const story = await buildStory(em, writer);
    await buildMember(em, [monthly(3000, '2026-02-01')]);
    const reader = await buildMember(em, [monthly(6000, '2026-02-01')]);
    await read(em, reader, story, at('2026-02-05', 1), 100);
    const day = await allocateDay(db.em(), '2026-02-05');
    // 100 + 200 cents came in; only the reader's 180 went out.
    expect(day).toMatchObject({ revenue: 300, allocated: 180, members: 2, readers: 1 });
    expect(await ledgerOf(db.em(), '2026-02-05')).toEqual([row(writer, story, 180, 100)]);
  });

  it('hands out the cents left by rounding to the largest remainders, ties to the lower story id', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const stories = [
      await buildStory(em, writer),
      await buildStory(em, writer),
      await buildStory(em, writer),
    ];
    // 1,000 cents over 30 days: day 9 gets ⌊10000/30⌋ − ⌊9000/30⌋ = 33, writers ⌊33 × 0.9⌋ = 29 = 9 + 9 + 9 + 2.
    const member = await buildMember(em, [monthly(1000, '2026-03-01')]);
    for (const story of stories) await read(em, member, story, at('2026-03-10', 2), 100);
    const day = await allocateDay(db.em(), '2026-03-10');
    expect(day).toMatchObject({ revenue: 33, allocated: 29 });
    const ids = stories.map((s) => s.id).sort();
    const rows = await ledgerOf(db.em(), '2026-03-10');
    expect(rows.map((r) => [r.post_id, r.amount])).toEqual([
      [ids[0], 10],
      [ids[1], 10],
      [ids[2], 9],
    ]);
  });

  it('spreads a charge over its period so its days add up to the charge', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const story = await buildStory(em, writer);
    // 999 cents over 7 days: 142 or 143 a day.
    const member = await buildMember(em, [
      { amount: 999, paidAt: at('2026-04-01', 23), periodEnd: at('2026-04-08', 23) },
    ]);
    let revenue = 0;
    for (let d = 1; d <= 9; d++) {
      const day = `2026-04-0${d}`;
      await read(em, member, story, at(day, 23.5), 60);
      revenue += (await allocateDay(db.em(), day)).revenue;
    }
    expect(revenue).toBe(999);
  });

  it('takes a refund out of the days from the refund on, leaving the days before it as they were', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const story = await buildStory(em, writer);
    // 3,000 cents for 30 days, half refunded on day 5: days 0–4 keep 100, the 1,000 left spreads over 25 days.
    const partly = await buildMember(em, [
      monthly(3000, '2026-05-01', { refunded: 1500, refundedAt: at('2026-05-06', 12) }),
    ]);
    // Wholly refunded on day 5: nothing from then on.
    const wholly = await buildMember(em, [
      monthly(3000, '2026-05-01', { refunded: 3000, refundedAt: at('2026-05-06', 12) }),
    ]);
    for (const m of [partly, wholly]) {
      await read(em, m, story, at('2026-05-04', 1), 60);
      await read(em, m, story, at('2026-05-10', 1), 60);
    }
    expect(await allocateDay(db.em(), '2026-05-04')).toMatchObject({ revenue: 200, allocated: 180 });
    // Day 9 of the partly refunded charge: ⌊1000 × 5/25⌋ − ⌊1000 × 4/25⌋ = 40, writers 36.
    expect(await allocateDay(db.em(), '2026-05-10')).toMatchObject({
      revenue: 40,
      allocated: 36,
      members: 1,
    });
    let total = 0;
    for (let d = 1; d <= 31; d++) {
      total += (await allocateDay(db.em(), `2026-05-${String(d).padStart(2, '0')}`)).revenue;
    }
    // 3,000 − 1,500 of the first; the 500 of the second's five days before its refund stay allocated.
    expect(total).toBe(1500 + 500);
  });

  it('pays nothing for a writer’s own story, previews at the paywall, views, open stories or other currencies', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const locked = await buildStory(em, writer);
    const open = await buildStory(em, writer, { locked: false });
    // The writer is a paying member too, reading their own story.
    await buildMember(em, [monthly(3000, '2026-06-01')], { user: writer });
    await read(em, writer, locked, at('2026-06-10', 1), 600);
    // A visitor with no membership, stopped at the paywall: the page records a view, no read.
    const visitor = await buildUser(em);
    await read(em, visitor, locked, at('2026-06-10', 2), 0, { kind: 'VIEW', isMember: false });
    // A reader without a membership who read the whole story (a free metered read).
    await read(em, visitor, locked, at('2026-06-10', 3), 300, { isMember: false });
    // A member who only viewed the locked story and read an open one.
    const member = await buildMember(em, [monthly(3000, '2026-06-01')]);
    await read(em, member, locked, at('2026-06-10', 4), 0, { kind: 'VIEW' });
    await read(em, member, open, at('2026-06-10', 5), 400);
    // A member paying in Canadian dollars: outside the USD ledger.
    const canadian = await buildMember(em, [monthly(3000, '2026-06-01', { currency: 'CAD' })]);
    await read(em, canadian, locked, at('2026-06-10', 6), 400);
    const day = await allocateDay(db.em(), '2026-06-10');
    expect(day).toMatchObject({ revenue: 200, allocated: 0, members: 2, readers: 0, rows: 0 });
    expect(await ledgerOf(db.em(), '2026-06-10')).toEqual([]);
  });

  it('gives a member’s day to the enrolled writers they read, none to writers outside the program', async () => {
    const em = db.em();
    const enrolled = await buildWriter(em);
    const outside = await buildWriter(em, false);
    const [mine, theirs] = [await buildStory(em, enrolled), await buildStory(em, outside)];
    const member = await buildMember(em, [monthly(3000, '2026-07-01')]);
    await read(em, member, mine, at('2026-07-10', 1), 300);
    await read(em, member, theirs, at('2026-07-10', 2), 300);
    await allocateDay(db.em(), '2026-07-10');
    expect(await ledgerOf(db.em(), '2026-07-10')).toEqual([row(enrolled, mine, 90, 300)]);
  });

  it('caps a story at twice its reading time (at least five minutes) per member per day', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const short = await buildStory(em, writer, { minutes: 1 });
    const long = await buildStory(em, writer, { minutes: 10 });
    const member = await buildMember(em, [monthly(3000, '2026-08-01')]);
    // Left open for two hours on a one-minute story: 300 s count; 2,000 s of a ten-minute story: 1,200.
    await read(em, member, short, at('2026-08-10', 1), 7200);
    await read(em, member, long, at('2026-08-10', 2), 2000);
    await allocateDay(db.em(), '2026-08-10');
    const rows = await ledgerOf(db.em(), '2026-08-10');
    expect(rows.find((r) => r.post_id === short.id)).toMatchObject({ seconds: 300, amount: 18 });
    expect(rows.find((r) => r.post_id === long.id)).toMatchObject({ seconds: 1200, amount: 72 });
  });

  it('pays an enrolled referrer a fifth of a referred member’s day, taken from the writers’ part', async () => {
    const em = db.em();
    const referrer = await buildWriter(em);
    const unenrolledReferrer = await buildWriter(em, false);
    const writer = await buildWriter(em);
    const story = await buildStory(em, writer);
    const referred = await buildMember(em, [monthly(3000, '2026-09-01')], { referrer });
    // Referred by a writer outside the program: no share, the whole writers' part goes to reading.
    const other = await buildMember(em, [monthly(3000, '2026-09-01')], { referrer: unenrolledReferrer });
    // A referred member who read nothing still earns their referrer the share.
    await buildMember(em, [monthly(6000, '2026-09-01')], { referrer });
    await read(em, referred, story, at('2026-09-10', 1), 120);
    await read(em, other, story, at('2026-09-10', 2), 60);
    const day = await allocateDay(db.em(), '2026-09-10');
    // Referred: 100 → referrer 20, reading 70. Other: 90 to reading. Third: 200 → referrer 40, the rest kept.
    expect(await ledgerOf(db.em(), '2026-09-10')).toEqual(
      [row(referrer, null, 60, 0, true), row(writer, story, 160, 180)].sort(byWriter),
    );
    expect(day).toMatchObject({ revenue: 400, referrals: 60, allocated: 220 });
  });

  it('gives the same ledger when a day is computed again, and keeps one ledger row per story and day', async () => {
    const em = db.em();
    const [a, b] = [await buildWriter(em), await buildWriter(em)];
    const [storyA, storyB] = [await buildStory(em, a), await buildStory(em, b)];
    for (let i = 0; i < 5; i++) {
      const member = await buildMember(em, [monthly(500 + i * 37, '2026-10-01')]);
      await read(em, member, storyA, at('2026-10-10', 1), 100 + i * 13);
      await read(em, member, storyB, at('2026-10-10', 2), 50 + i * 29);
    }
    const first = await allocateDay(db.em(), '2026-10-10');
    const rows = await ledgerOf(db.em(), '2026-10-10');
    const again = await allocateDay(db.em(), '2026-10-10');
    expect(await ledgerOf(db.em(), '2026-10-10')).toEqual(rows);
    expect({ ...again, durationMs: 0 }).toEqual({ ...first, durationMs: 0 });
    expect(await db.em().count(EarningDay, { day: '2026-10-10' })).toBe(1);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(first.allocated);
  });

  it('reads a writer’s month and unpaid balance from the ledger', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const story = await buildStory(em, writer);
    const member = await buildMember(em, [monthly(3000, '2026-11-01')]);
    await read(em, member, story, at('2026-11-02', 1), 100);
    await read(em, member, story, at('2026-11-03', 1), 100);
    await allocateDay(db.em(), '2026-11-02');
    await allocateDay(db.em(), '2026-11-03');
    expect(await earningsForMonth(db.em(), writer.id, '2026-11-01')).toBe(180);
    expect(await earningsForMonth(db.em(), writer.id, '2026-10-01')).toBe(0);
    expect(await unpaidBalance(db.em(), writer.id)).toBe(180);
    expect(await unpaidBalance(db.em(), writer.id, { through: '2026-11-02' })).toBe(90);
  });
});

describe('the Partner Program dashboard', () => {
  const clock = testClock(new Date('2026-12-15T12:00:00Z'));
  const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

  it('shows the writer this month’s earnings, past months, their stories, balance and next payout', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const story = await buildStory(em, writer);
    const member = await buildMember(em, [monthly(3000, '2026-11-01'), monthly(3000, '2026-12-01')]);
    await read(em, member, story, at('2026-11-25', 1), 100);
    await read(em, member, story, at('2026-12-02', 1), 100);
    await allocateDay(db.em(), '2026-11-25');
    await allocateDay(db.em(), '2026-12-02');
    const mine = await as(writer).earnings.dashboard({});
    expect(mine).toMatchObject({
      enrolled: true,
      thisMonth: { month: '2026-12-01', amount: 90 },
      pastMonths: [{ month: '2026-11-01', amount: 90, memberReadingSeconds: 100 }],
      balance: 180,
      nextPayoutDate: '2027-01-08',
      stories: [{ postId: story.id, title: story.title, monthAmount: 90, totalAmount: 180 }],
      referrals: { monthAmount: 0, totalAmount: 0 },
    });
    expect(mine.stories[0]!.url).toContain(story.id);
    // Not submitted tax forms: the tax banner shows.
    expect(mine.taxBanner?.message).toBeTruthy();
    expect(await as(writer).earnings.dashboard({ username: writer.username })).toEqual(mine);
  });

  it('does not exist for anyone but the writer, and asks a visitor to sign in', async () => {
    const em = db.em();
    const writer = await buildWriter(em);
    const other = await buildWriter(em);
    await expect(as(other).earnings.dashboard({ username: writer.username })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: earningsTexts.notFound,
    });
    await expect(as(other).earnings.dashboard({ username: 'nobody-has-this-name' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(as(null).earnings.dashboard({ username: writer.username })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: accessTexts.signIn,
    });
    await expect(as(null).earnings.dashboard({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(writer).earnings.dashboard({ username: 'a\u0000b' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('tells a writer outside the program so, with no tax banner', async () => {
    const em = db.em();
    const writer = await buildUser(em);
    const out = await as(writer).earnings.dashboard({});
    expect(out).toMatchObject({ enrolled: false, taxBanner: null, balance: 0, stories: [] });
  });
});
