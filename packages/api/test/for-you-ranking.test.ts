import { describe, expect, it } from 'vitest';
import {
  type Candidate,
  forYouRanking,
  type ReaderSets,
  sharedScore,
  FOR_YOU_WEIGHTS as W,
} from '../src/services/feed';

/** A small seeded generator (mulberry32), so a failure names the data it failed on. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOW = Date.parse('2026-11-29T12:00:00Z');
const DAY = 86_400_000;

/** Candidates newest first, as they load: ties of claps, responses and dates included. */
function candidatesFrom(rand: () => number, n: number): Candidate[] {
  const stories = Array.from({ length: n }, (_, i) => {
    const claps = rand() < 0.2 ? 0 : Math.floor(rand() ** 3 * 5000);
    const responses = rand() < 0.5 ? 0 : Math.floor(rand() * 40);
    // Some stories share a publication time to the millisecond.
    const publishedAt = NOW - Math.floor(rand() * 30) * DAY - (rand() < 0.3 ? 0 : Math.floor(rand() * DAY));
    return {
      id: `p${String(i).padStart(5, '0')}`,
      creatorId: `w${Math.floor(rand() * 40)}`,
      collectionId: rand() < 0.3 ? `c${Math.floor(rand() * 5)}` : null,
      claps,
      responses,
      publishedAt,
      tagIds: Array.from({ length: Math.floor(rand() * 3) }, () => `t${Math.floor(rand() * 10)}`),
      curationStatus: 'NOT_REVIEWED',
      score: sharedScore(claps, responses, publishedAt),
    };
  });
  return stories.sort((a, b) => b.publishedAt - a.publishedAt);
}

function setsFrom(rand: () => number, stories: Candidate[]): ReaderSets {
  const some = (values: string[], share: number) => new Set(values.filter(() => rand() < share));
  const writers = [...new Set(stories.map((s) => s.creatorId))];
  return {
    writers: some(writers, 0.15),
    publications: some(['c0', 'c1', 'c2', 'c3', 'c4'], 0.3),
    topics: some(['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9'], 0.2),
    turnedDownPosts: some(
      stories.map((s) => s.id),
      0.02,
    ),
    turnedDownWriters: some(writers, 0.05),
    mutedWriters: some(writers, 0.05),
    mutedPublications: some(['c0', 'c1', 'c2', 'c3', 'c4'], 0.1),
    blocked: some(writers, 0.03),
  };
}

const none = (): ReaderSets => ({
  writers: new Set(),
  publications: new Set(),
  topics: new Set(),
  turnedDownPosts: new Set(),
  turnedDownWriters: new Set(),
  mutedWriters: new Set(),
  mutedPublications: new Set(),
  blocked: new Set(),
});

/** The ranking as it reads in words, computed the plain way: score everyone at `now`, space writers, sort. */
function reference(stories: Candidate[], sets: ReaderSets, offset: number, limit: number): string[] {
  const order = (a: { final: number; id: string }, b: { final: number; id: string }) =>
    b.final - a.final || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  const scored = stories
    .filter(
      (c) =>
        !sets.turnedDownPosts.has(c.id) &&
        !sets.mutedWriters.has(c.creatorId) &&
        !(c.collectionId && sets.mutedPublications.has(c.collectionId)) &&
        !sets.blocked.has(c.creatorId),
    )
    .map((c) => ({
      id: c.id,
      creatorId: c.creatorId,
      final:
        Math.log1p(c.claps) * W.claps +
        Math.log1p(c.responses) * W.responses +
        (sets.writers.has(c.creatorId) ? W.followedWriter : 0) +
        (c.collectionId && sets.publications.has(c.collectionId) ? W.followedPublication : 0) +
        (c.tagIds.some((t) => sets.topics.has(t)) ? W.followedTopic : 0) -
        (sets.turnedDownWriters.has(c.creatorId) ? W.fewerLikeThis : 0) -
        ((NOW - c.publishedAt) / DAY) * W.perDayOld,
    }))
    .sort(order);
  const seen = new Map<string, number>();
  for (const story of scored) {
    const earlier = seen.get(story.creatorId) ?? 0;
    seen.set(story.creatorId, earlier + 1);
    story.final -= earlier * W.sameWriterAgain;
  }
  return scored
    .sort(order)
    .slice(offset, offset + limit)
    .map((s) => s.id);
}

describe('For you ranking (the shared part sorted once per load of the candidates)', () => {
  it('orders every page as scoring every story per request would, for visitors and readers with follows, mutes and turned-down stories', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const rand = random(seed);
      const stories = candidatesFrom(rand, 400);
      for (const sets of [none(), setsFrom(rand, stories), setsFrom(rand, stories)]) {
        for (const [offset, limit] of [
          [0, 21],
          [20, 21],
          [180, 21],
          [380, 21],
          [0, 400],
        ] as const) {
          expect(forYouRanking(stories, sets, { offset, limit }), `seed ${seed}, offset ${offset}`).toEqual(
            reference(stories, sets, offset, limit),
          );
        }
      }
    }
  });

  it('spaces one writer’s stories even when they all score highest', () => {
    const stories = candidatesFrom(random(7), 50).map((s, i) =>
      i < 10
        ? { ...s, creatorId: 'prolific', claps: 9000, score: sharedScore(9000, s.responses, s.publishedAt) }
        : s,
    );
    const page = forYouRanking(stories, none(), { offset: 0, limit: 10 });
    expect(page).toEqual(reference(stories, none(), 0, 10));
    const byProlific = page.filter((id) => stories.find((s) => s.id === id)?.creatorId === 'prolific');
    expect(byProlific.length).toBeGreaterThan(0);
    expect(byProlific.length).toBeLessThan(10);
  });
});
