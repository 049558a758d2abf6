import type { Post, User } from '@quire/db';
import { EARNINGS_RULE as RULE } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateDay } from '../src/services/partner/allocation';
import { at, buildMember, buildStory, buildWriter, ledgerOf, read } from './earnings-helpers';

const db = useTestDatabase();

/*
 * The ledger invariant as a property: for random writers, stories, members, charges, refunds and reads, the
 * day's ledger adds up exactly to the money the day allocated, no amount is negative, and every row is what
 * the rule written out plainly below (docs/FEATURES.md) gives.
 */

const DAY = '2026-06-15';
const DAY_MS = 86_400_000;

const chargeArb = fc.record({
  amount: fc.integer({ min: 0, max: 5000 }),
  startOffset: fc.integer({ min: 0, max: 40 }),
  hour: fc.integer({ min: 0, max: 23 }),
  periodDays: fc.integer({ min: 1, max: 40 }),
  refund: fc.constantFrom('none', 'none', 'partial', 'full'),
  refundShare: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  refundOffset: fc.integer({ min: 0, max: 45 }),
  currency: fc.constantFrom('USD', 'USD', 'USD', 'CAD'),
  failed: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});
const readArb = fc.record({
  post: fc.nat(),
  seconds: fc.integer({ min: 0, max: 4000 }),
  isMember: fc.constantFrom(true, true, true, false),
  kind: fc.constantFrom('READ', 'READ', 'READ', 'VIEW'),
  hour: fc.double({ min: -3, max: 26.9, noNaN: true }),
});
const worldArb = fc.record({
  writers: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
  posts: fc.array(
    fc.record({
      writer: fc.nat(),
      locked: fc.constantFrom(true, true, false),
      minutes: fc.integer({ min: 0, max: 15 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  members: fc.array(
    fc.record({
      asWriter: fc.option(fc.nat(), { freq: 4 }),
      referrer: fc.option(fc.nat(), { freq: 2 }),
      charges: fc.array(chargeArb, { maxLength: 3 }),
      reads: fc.array(readArb, { maxLength: 5 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

const floorDiv = (a: number, b: number) => Math.floor(a / b);

/** The cents of day `i` of an `n`-day charge of `a` cents with `refunded` cents refunded on day `r`. */
function dayShare(a: number, refunded: number, n: number, r: number, i: number) {
  if (refunded === 0 || i < r) return floorDiv(a * (i + 1), n) - floorDiv(a * i, n);
  const rest = Math.max(0, a - refunded - floorDiv(a * r, n));
  return floorDiv(rest * (i - r + 1), n - r) - floorDiv(rest * (i - r), n - r);
}

interface Built {
  writers: { user: User; enrolled: boolean }[];
  posts: { post: Post; writer: number; locked: boolean; minutes: number }[];
  members: { user: User }[];
}

/** The rule, written out plainly: what the day's ledger must hold. */
function expected(world: World, built: Built) {
  const dayStart = Date.parse(`${DAY}T00:00:00Z`);
  const pools = new Map<string, number>();
  const referrals = new Map<string, number>();
  let revenue = 0;
  world.members.forEach((m, k) => {
    const user = built.members[k]!.user;
    let net = 0;
    for (const c of m.charges) {
      if (c.failed || c.currency !== 'USD' || c.amount <= 0) continue;
      const i = c.startOffset;
      if (i >= c.periodDays) continue;
      const refunded =
        c.refund === 'none' ? 0 : c.refund === 'full' ? c.amount : Math.floor(c.amount * c.refundShare);
      const r = Math.min(c.refundOffset, c.periodDays);
      net += dayShare(c.amount, refunded, c.periodDays, r, i);
    }
    if (net <= 0) return;
    revenue += net;
    const referrer = m.referrer === null ? null : built.writers[m.referrer % built.writers.length]!;
    const referred = !!referrer && referrer.enrolled && referrer.user.id !== user.id;
    const referral = referred ? floorDiv(net * RULE.referralSharePercent, 100) : 0;
    if (referred) referrals.set(referrer.user.id, (referrals.get(referrer.user.id) ?? 0) + referral);
    pools.set(user.id, (pools.get(user.id) ?? 0) + floorDiv(net * RULE.writerSharePercent, 100) - referral);
  });
  // Reading seconds per member and story: a member's full reads of another enrolled writer's locked story.
  const seconds = new Map<string, Map<string, number>>();
  world.members.forEach((m, k) => {
    const user = built.members[k]!.user;
    if (!pools.has(user.id)) return;
    for (const r of m.reads) {
      const p = built.posts[r.post % built.posts.length]!;
      const writer = built.writers[p.writer]!;
      const when = new Date(at(DAY).getTime() + r.hour * 3_600_000).getTime();
      if (r.kind !== 'READ' || !r.isMember || r.seconds <= 0 || when < dayStart || when >= dayStart + DAY_MS)
        continue;
      if (!p.locked || !writer.enrolled || writer.user.id === user.id) continue;
      const mine = seconds.get(user.id) ?? new Map<string, number>();
      mine.set(p.post.id, (mine.get(p.post.id) ?? 0) + r.seconds);
      seconds.set(user.id, mine);
    }
  });
  const rows = new Map<
    string,
    { user_id: string; post_id: string | null; amount: number; seconds: number; referral: boolean }
  >();
  let allocated = 0;
  for (const [member, stories] of seconds) {
    const pool = pools.get(member)!;
    allocated += pool;
    const capped = [...stories].map(([postId, s]) => {
      const p = built.posts.find((x) => x.post.id === postId)!;
      const cap = Math.max(RULE.minCapSeconds, Math.ceil(p.minutes * 60 * RULE.capReadingTimeMultiple));
      return { p, s: Math.min(s, cap) };
    });
    const total = capped.reduce((t, c) => t + c.s, 0);
    const shares = capped.map((c) => ({
      ...c,
      base: floorDiv(pool * c.s, total),
      rem: (pool * c.s) % total,
    }));
    let left = pool - shares.reduce((t, c) => t + c.base, 0);
    shares.sort((a, b) => b.rem - a.rem || (a.p.post.id < b.p.post.id ? -1 : 1));
    for (const c of shares) {
      const cents = c.base + (left-- > 0 ? 1 : 0);
      const writer = built.writers[c.p.writer]!.user.id;
      const key = `${writer}:${c.p.post.id}`;
      const row = rows.get(key) ?? {
        user_id: writer,
        post_id: c.p.post.id,
        amount: 0,
        seconds: 0,
        referral: false,
      };
      row.amount += cents;
      row.seconds += c.s;
      rows.set(key, row);
    }
  }
  for (const [referrer, cents] of referrals) {
    allocated += cents;
    if (cents > 0)
      rows.set(`${referrer}:`, {
        user_id: referrer,
        post_id: null,
        amount: cents,
        seconds: 0,
        referral: true,
      });
  }
  const ledger = [...rows.values()].sort(
    (a, b) =>
      (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0) ||
      (a.post_id ?? '').localeCompare(b.post_id ?? ''),
  );
  return { ledger, revenue, allocated };
}

/** Builds the world's rows on a clean slate. */
async function build(world: World): Promise<Built> {
  const em = db.em();
  await em.execute(
    'delete from read_events; delete from earnings; delete from earning_days; delete from charges; delete from memberships; delete from partner_enrollments',
  );
  const writers = [];
  for (const enrolled of world.writers) writers.push({ user: await buildWriter(em, enrolled), enrolled });
  const posts = [];
  for (const p of world.posts) {
    const writer = p.writer % writers.length;
    const post = await buildStory(em, writers[writer]!.user, { locked: p.locked, minutes: p.minutes });
    posts.push({ post, writer, locked: p.locked, minutes: p.minutes });
  }
  const members = [];
  for (const m of world.members) {
    const user = m.asWriter === null ? await buildUser(em) : writers[m.asWriter % writers.length]!.user;
    await buildMember(
      em,
      m.charges.map((c) => {
        const paidAt = new Date(at(DAY, c.hour).getTime() - c.startOffset * DAY_MS);
        const refunded =
          c.refund === 'none' ? 0 : c.refund === 'full' ? c.amount : Math.floor(c.amount * c.refundShare);
        return {
          amount: c.amount,
          paidAt,
          periodEnd: new Date(paidAt.getTime() + c.periodDays * DAY_MS),
          refunded,
          refundedAt: new Date(paidAt.getTime() + c.refundOffset * DAY_MS),
          currency: c.currency as 'USD' | 'CAD',
          ...(c.failed ? { status: 'FAILED' as const } : {}),
        };
      }),
      { user, referrer: m.referrer === null ? null : writers[m.referrer % writers.length]!.user },
    );
    for (const r of m.reads) {
      const post = posts[r.post % posts.length]!.post;
      const when = new Date(at(DAY).getTime() + r.hour * 3_600_000);
      await read(em, user, post, when, r.seconds, { isMember: r.isMember, kind: r.kind as 'READ' | 'VIEW' });
    }
    members.push({ user });
  }
  return { writers, posts, members };
}

describe('the ledger of a day', () => {
  it('adds up exactly to the money allocated, never negative, as the rule says; again the same', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const built = await build(world);
        const want = expected(world, built);
        const day = await allocateDay(db.em(), DAY);
        const ledger = await ledgerOf(db.em(), DAY);
        const sum = ledger.reduce((s, r) => s + r.amount, 0);
        expect(sum).toBe(day.allocated);
        expect(ledger.every((r) => r.amount >= 0 && r.seconds >= 0)).toBe(true);
        expect(day.allocated).toBeLessThanOrEqual(day.revenue);
        expect({ revenue: day.revenue, allocated: day.allocated }).toEqual({
          revenue: want.revenue,
          allocated: want.allocated,
        });
        expect(ledger).toEqual(want.ledger);
        await allocateDay(db.em(), DAY);
        expect(await ledgerOf(db.em(), DAY)).toEqual(ledger);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
