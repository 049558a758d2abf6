import { UsageCount } from '@quire/db';
import { API_RATE_LIMIT, API_RATE_WINDOW_MS } from '@quire/domain';
import { useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { hitRateWindow, LocalCaptcha, spendOnce } from '../src';

/*
 * Counts every app process shares (usage_counts): each request below runs on an EntityManager of its own, so on
 * a pool connection of its own, as requests in different processes do.
 */

const db = useTestDatabase();
const windowStart = new Date('2026-11-29T12:00:00Z');

describe('a /v1 rate window', () => {
  it('lets exactly the limit through under concurrency, with each remaining count once, and refuses the rest', async () => {
    const extra = 20;
    const hits = await Promise.all(
      Array.from({ length: API_RATE_LIMIT + extra }, (_, i) =>
        hitRateWindow(db.em(), 'v1:concurrent', new Date(windowStart.getTime() + i)),
      ),
    );
    const allowed = hits.filter((h) => h.allowed);
    expect(allowed).toHaveLength(API_RATE_LIMIT);
    expect(allowed.map((h) => h.remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: API_RATE_LIMIT }, (_, i) => i),
    );
    const refused = hits.filter((h) => !h.allowed);
    expect(refused).toHaveLength(extra);
    expect(refused.every((h) => h.remaining === 0)).toBe(true);
    expect(new Set(hits.map((h) => h.resetAt.getTime()))).toEqual(
      new Set([windowStart.getTime() + API_RATE_WINDOW_MS]),
    );
    // A refused hit changes nothing: the window stays at the limit.
    expect((await db.em().findOneOrFail(UsageCount, { key: 'v1:concurrent' })).hits).toBe(API_RATE_LIMIT);
  });

  it('starts again in the next window, which deletes the counts that ended', async () => {
    const first = await hitRateWindow(db.em(), 'v1:next', windowStart, 2);
    await hitRateWindow(db.em(), 'v1:next', windowStart, 2);
    expect((await hitRateWindow(db.em(), 'v1:next', windowStart, 2)).allowed).toBe(false);
    const later = new Date(first.resetAt.getTime() + 1);
    const next = await hitRateWindow(db.em(), 'v1:next', later, 2);
    expect(next).toMatchObject({ allowed: true, remaining: 1 });
    const rows = await db.em().find(UsageCount, { key: 'v1:next' });
    expect(rows.map((r) => r.endsAt.getTime())).toEqual([next.resetAt.getTime()]);
  });
});

describe('a captcha answer', () => {
  it('is accepted once across processes, even when sent to several at the same moment', async () => {
    const secret = Buffer.alloc(32, 3);
    // Two processes: two verifiers with the same secret, each request with its own connection.
    const [a, b] = [new LocalCaptcha(secret), new LocalCaptcha(secret)];
    const now = new Date();
    const challenge = a.challenge(now);
    const [x, y] = challenge.question.match(/\d+/g)!.map(Number);
    const answer = `${challenge.token}:${x! + y!}`;
    const spend = (key: string, until: Date) => spendOnce(db.em(), key, until);
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).verify(answer, '192.0.2.1', now, spend)),
    );
    expect(verdicts.filter(Boolean)).toHaveLength(1);
    expect(await a.verify(answer, '192.0.2.1', now, spend)).toBe(false);
    // A wrong answer spends nothing: the right one still works once.
    const next = b.challenge(now);
    const [p, q] = next.question.match(/\d+/g)!.map(Number);
    expect(await a.verify(`${next.token}:${p! + q! + 1}`, '192.0.2.1', now, spend)).toBe(false);
    expect(await a.verify(`${next.token}:${p! + q!}`, '192.0.2.1', now, spend)).toBe(true);
  });
});
