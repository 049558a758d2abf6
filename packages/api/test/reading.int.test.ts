import type { User } from '@quire/db';
import { MeterEntry, ReadEvent } from '@quire/db';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { appRouter, createContextInner } from '../src';

const db = useTestDatabase();

function reader(opts: { viewer?: User | null; visitorId?: string; now: Date }) {
  return appRouter.createCaller(
    createContextInner({
      em: db.em(),
      viewer: opts.viewer ?? null,
      sessionId: null,
      visitor: { id: opts.visitorId ?? 'readvisitor0001', isBot: false, country: null },
      ip: '192.0.2.1',
      now: () => opts.now,
    }),
  );
}

const at = (iso: string) => new Date(iso);
const events = (postId: string) =>
  db.em().find(ReadEvent, { post: postId }, { orderBy: { occurredAt: 'asc', id: 'asc' } });

describe('read tracking (spec §4)', () => {
  it('records a view once per reader per story per 30 minutes', async () => {
    const author = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: author });
    const first = reader({ visitorId: 'viewvisitor0001', now: at('2026-11-21T12:00:00Z') });
    expect(await first.reading.view({ postId: post.id, referrer: 'https://example.com/' })).toEqual({
      recorded: true,
    });
    const again = reader({ visitorId: 'viewvisitor0001', now: at('2026-11-21T12:29:00Z') });
    expect(await again.reading.view({ postId: post.id })).toEqual({ recorded: false });
    const other = reader({ visitorId: 'viewvisitor0002', now: at('2026-11-21T12:29:00Z') });
    expect(await other.reading.view({ postId: post.id })).toEqual({ recorded: true });
    const later = reader({ visitorId: 'viewvisitor0001', now: at('2026-11-21T12:31:00Z') });
    expect(await later.reading.view({ postId: post.id })).toEqual({ recorded: true });
    const rows = await events(post.id);
    expect(rows.map((r) => [r.kind, r.visitorId])).toEqual([
      ['VIEW', 'viewvisitor0001'],
      ['VIEW', 'viewvisitor0002'],
      ['VIEW', 'viewvisitor0001'],
    ]);
    expect(rows[0]?.referrer).toBe('https://example.com/');
  });

  it('clamps reading seconds, records a read once per day, and stores member status', async () => {
    const author = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: author });
    const member = await buildUser(db.em(), { mediumMemberAt: Date.now() });
    const plain = await buildUser(db.em());

    const r1 = await reader({ viewer: member, now: at('2026-11-21T09:00:00Z') }).reading.read({
      postId: post.id,
      readingSeconds: 99_999,
    });
    expect(r1).toEqual({ recorded: true, readingSeconds: 7200 });
    const r2 = await reader({ viewer: member, now: at('2026-11-21T23:00:00Z') }).reading.read({
      postId: post.id,
      readingSeconds: 40,
    });
    expect(r2.recorded).toBe(false);
    const r3 = await reader({ viewer: member, now: at('2026-11-22T08:00:00Z') }).reading.read({
      postId: post.id,
      readingSeconds: 40.7,
    });
    expect(r3).toEqual({ recorded: true, readingSeconds: 40 });
    const r4 = await reader({ viewer: plain, now: at('2026-11-21T10:00:00Z') }).reading.read({
      postId: post.id,
      readingSeconds: -5,
    });
    expect(r4).toEqual({ recorded: true, readingSeconds: 0 });

    const rows = (await events(post.id)).filter((r) => r.kind === 'READ');
    expect(rows.map((r) => [r.user?.id, r.readingSeconds, r.isMember])).toEqual([
      [member.id, 7200, true],
      [plain.id, 0, false],
      [member.id, 40, true],
    ]);
    // Member reading time per story can be summed from the events.
    const memberSeconds = rows.filter((r) => r.isMember).reduce((sum, r) => sum + r.readingSeconds, 0);
    expect(memberSeconds).toBe(7240);

    expect(
      await reader({ viewer: member, now: at('2026-11-22T09:00:00Z') }).reading.state({ postId: post.id }),
    ).toEqual({ read: true });
    expect(
      await reader({ visitorId: 'neverread000001', now: at('2026-11-22T09:00:00Z') }).reading.state({
        postId: post.id,
      }),
    ).toEqual({ read: false });
  });

  it('raises the day’s read to the time reported later in the same visit, never lowers it', async () => {
    const author = await buildUser(db.em());
    const post = await buildPost(db.em(), { creator: author });
    const member = await buildUser(db.em(), { mediumMemberAt: Date.now() });
    const as = (iso: string, viewer: User | null = member, visitorId?: string) =>
      reader({ viewer, visitorId, now: at(iso) }).reading;
    // The end showed at once: a read of 0 seconds, then the time spent on it.
    expect(await as('2026-11-23T09:00:00Z').read({ postId: post.id, readingSeconds: 0 })).toMatchObject({
      recorded: true,
    });
    await as('2026-11-23T09:01:00Z').read({ postId: post.id, readingSeconds: 65 });
    await as('2026-11-23T09:01:05Z').read({ postId: post.id, readingSeconds: 50 });
    // A visitor's read is topped up by the same key; another reader's is left alone.
    await as('2026-11-23T09:00:30Z', null, 'topupvisitor001').read({ postId: post.id, readingSeconds: 3 });
    await as('2026-11-23T09:02:00Z', null, 'topupvisitor001').read({ postId: post.id, readingSeconds: 90 });
    // The next day's report is a read of its own.
    await as('2026-11-24T09:00:00Z').read({ postId: post.id, readingSeconds: 12 });
    const rows = (await events(post.id)).filter((r) => r.kind === 'READ');
    expect(rows.map((r) => [r.user?.id ?? r.visitorId, r.readingSeconds])).toEqual([
      [member.id, 65],
      ['topupvisitor001', 90],
      [member.id, 12],
    ]);
  });

  it('refuses drafts and trashed stories, even to their author', async () => {
    const author = await buildUser(db.em());
    const draft = await buildPost(db.em(), { creator: author, status: 'DRAFT' });
    const now = at('2026-11-21T12:00:00Z');
    await expect(
      reader({ viewer: author, now }).reading.read({ postId: draft.id, readingSeconds: 31 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(reader({ now }).reading.view({ postId: draft.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(reader({ now }).reading.view({ postId: 'nosuchstory0' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await events(draft.id)).toEqual([]);
  });
});

describe('reads at the paywall', () => {
  it('counts a read only by someone who was given the whole story, as the paywall decides', async () => {
    const author = await buildUser(db.em());
    const locked = await buildPost(db.em(), { creator: author, isLocked: true });
    const now = at('2026-11-21T12:00:00Z');
    const read = (who: Parameters<typeof reader>[0], shareKey?: string | null) =>
      reader(who).reading.read({ postId: locked.id, readingSeconds: 60, shareKey });
    // The locked preview's end is not a read: for a visitor, or an account that has not opened the story.
    expect((await read({ visitorId: 'neverreadthis01', now })).recorded).toBe(false);
    const plain = await buildUser(db.em());
    expect((await read({ viewer: plain, now })).recorded).toBe(false);
    // Opening it counts it on the account's meter; then its read counts.
    await reader({ viewer: plain, now }).posts.byId({ id: locked.id });
    expect((await read({ viewer: plain, now })).recorded).toBe(true);
    // A visitor holding the author's friend link was given the whole story.
    expect((await read({ visitorId: 'friendreader001', now }, locked.shareKey)).recorded).toBe(true);
    expect(await db.em().count(ReadEvent, { post: locked.id, kind: 'READ' })).toBe(2);
    expect(await db.em().count(MeterEntry, { post: locked.id })).toBe(1);
  });
});

describe('meter state on views (spec §4 Meter state, for analytics)', () => {
  it('stores not_metered, member, metered or paywalled as the page was served, without counting a story', async () => {
    const author = await buildUser(db.em());
    const open = await buildPost(db.em(), { creator: author });
    const locked = await buildPost(db.em(), { creator: author, isLocked: true });
    const member = await buildUser(db.em(), { mediumMemberAt: Date.now() });
    const now = at('2026-11-21T12:00:00Z');
    const visitor = reader({ visitorId: 'metervisitor001', now });

    await visitor.reading.view({ postId: open.id });
    await reader({ viewer: member, now }).reading.view({ postId: locked.id });
    // Viewing is not reading the page: the story was not counted, so the view reports the paywall.
    await visitor.reading.view({ postId: locked.id });
    await reader({ visitorId: 'metervisitor002', now }).reading.view({
      postId: locked.id,
      shareKey: locked.shareKey,
    });
    expect(await db.em().count(MeterEntry, { post: locked.id })).toBe(0);
    // Opening the story counts it on a signed-in reader's meter; a later view then reports it metered.
    const plain = await buildUser(db.em());
    await reader({ viewer: plain, now }).posts.byId({ id: locked.id });
    await reader({ viewer: plain, now }).reading.view({ postId: locked.id });
    // A visitor opening it is not metered: the view reports the paywall.
    await reader({ visitorId: 'metervisitor003', now }).posts.byId({ id: locked.id });
    await reader({ visitorId: 'metervisitor003', now }).reading.view({ postId: locked.id });

    const who = (e: ReadEvent) => e.visitorId ?? (e.user?.id === plain.id ? 'plain' : 'member');
    const states = (await events(locked.id)).map((e) => [who(e), e.meterState]);
    expect(states.sort()).toEqual([
      ['member', 'member'],
      ['metervisitor001', 'paywalled'],
      ['metervisitor002', 'not_metered'],
      ['metervisitor003', 'paywalled'],
      ['plain', 'metered'],
    ]);
    expect((await events(open.id)).map((e) => e.meterState)).toEqual(['not_metered']);
  });
});
