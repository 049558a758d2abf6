import { rollupStatsDays } from '@quire/api';
import { Earning, type Post, ReadEvent, type User } from '@quire/db';
import { addDays, utcDay } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

/*
 * The stats pages and JSON stats paths over HTTP (spec §2): each rendered with its numbers for whom it belongs
 * to, a 404 for anyone else, a sign-in prompt for visitors; bad ranges are 400s with a reason; the CSV download.
 */

const t = useTestApp();

const today = utcDay(new Date());
const yesterday = addDays(today, -1);
const at = (day: string) => new Date(`${day}T06:00:00Z`);

async function world() {
  const em = t.db.em();
  const writer = await buildUser(em, { name: 'Paige Pages' });
  const member = await buildUser(em, { name: 'Molly Member', mediumMemberAt: Date.parse('2026-01-01') });
  const editor = await buildUser(em, { name: 'Ed Editor' });
  const stranger = await buildUser(em, { name: 'Stan Stranger' });
  const publication = await buildCollection(em, { creator: writer, name: 'Numbers Weekly' });
  await addCollectionMember(em, publication, editor, 'EDITOR');
  const story = await buildPost(em, {
    creator: writer,
    collection: publication,
    title: 'A story worth counting',
    publishedAt: at(yesterday),
  });
  const event = (post: Post, kind: 'VIEW' | 'READ', day: string, user: User, seconds = 0) =>
    em.create(ReadEvent, { post, user, kind, occurredAt: at(day), readingSeconds: seconds, isMember: true });
  event(story, 'VIEW', yesterday, member);
  event(story, 'VIEW', yesterday, stranger);
  event(story, 'VIEW', today, member);
  event(story, 'VIEW', today, editor);
  event(story, 'READ', yesterday, member, 90);
  em.create(Earning, {
    user: writer,
    post: story,
    periodStart: yesterday,
    periodEnd: yesterday,
    amount: 250,
  });
  await em.flush();
  await rollupStatsDays(em, [yesterday, today]);
  const sessions = {
    writer: await buildSession(em, writer),
    editor: await buildSession(em, editor),
    stranger: await buildSession(em, stranger),
  };
  return { writer, editor, stranger, publication, story, sessions };
}

describe('the stats pages (spec §2 /me/stats…, /@{username}/stats…, /{collectionSlug}/stats…)', () => {
  it('renders a writer’s numbers, table and chart frame without script, for them alone', async () => {
    const w = await world();
    for (const path of ['/me/stats?period=7', `/@${w.writer.username}/stats?period=7`]) {
      const res = await t.page(path, w.sessions.writer);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-stat="views">4<');
      expect(res.body).toContain('data-stat="reads">1<');
      expect(res.body).toContain('data-stat="readRatio">25%<');
      expect(res.body).toContain('data-stat="memberReadingTime">1m<');
      expect(res.body).toContain('data-stat="earnings">$2.50<');
      expect(res.body).toContain('A story worth counting');
      expect(res.body).toContain('data-testid="stats-chart"');
    }
    for (const path of ['/me/stats/responses', '/me/stats/series', `/@${w.writer.username}/stats/series`]) {
      expect((await t.page(path, w.sessions.writer)).statusCode).toBe(200);
    }
    const audience = await t.page(`/@${w.writer.username}/audience?period=weekly`, w.sessions.writer);
    expect(audience.statusCode).toBe(200);
    expect(audience.body).toContain('data-testid="stats-audience"');
    expect((await t.page(`/@${w.writer.username}/audience/subscribers`, w.sessions.writer)).body).toContain(
      'No email subscribers yet.',
    );
    // Someone else's stats do not exist for them; a visitor is asked to sign in.
    expect((await t.page(`/@${w.writer.username}/stats`, w.sessions.stranger)).statusCode).toBe(404);
    expect((await t.page(`/@${w.writer.username}/audience`, w.sessions.editor)).statusCode).toBe(404);
    expect((await t.page(`/@${w.writer.username}/audience/nonsense`, w.sessions.writer)).statusCode).toBe(
      404,
    );
    const visitor = await t.page('/me/stats');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('Sign in to see <!-- -->your stats');
  });

  it('renders a story’s days with the CSV link, for its writer and its publication’s editors', async () => {
    const w = await world();
    const path = `/me/stats/post/${w.story.id}?period=7`;
    const res = await t.page(path, w.sessions.writer);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Story stats');
    expect(res.body).toContain(`href="/me/stats/post/${w.story.id}/csv?period=7"`);
    expect(res.body).toContain(`<th scope="row">${yesterday}</th>`);
    expect((await t.page(path, w.sessions.editor)).statusCode).toBe(200);
    expect((await t.page(path, w.sessions.stranger)).statusCode).toBe(404);
  });

  it('renders a publication’s overview, stories and digests for its editors, a 404 for others', async () => {
    const w = await world();
    const slug = w.publication.slug;
    const overview = await t.page(`/${slug}/stats`, w.sessions.editor);
    expect(overview.statusCode).toBe(200);
    expect(overview.body).toContain('data-stat="views">4<');
    const stories = await t.page(`/${slug}/stats/stories?period=all`, w.sessions.editor);
    expect(stories.body).toContain('A story worth counting');
    const digests = await t.page(`/${slug}/stats/publication-digests`, w.sessions.writer);
    expect(digests.statusCode).toBe(200);
    expect(digests.body).toContain('No digests sent yet.');
    expect((await t.page(`/${slug}/stats/overview`, w.sessions.stranger)).statusCode).toBe(404);
    expect((await t.page(`/@${w.writer.username}/stats/stories`, w.sessions.writer)).statusCode).toBe(404);
  });

  it('loads the chart library only on stats pages', async () => {
    const w = await world();
    const home = await t.page('/', w.sessions.writer);
    expect(home.body).not.toContain('assets/stats-chart-');
    expect(home.body).not.toContain('assets/StatsPages-');
    const stats = await t.page('/me/stats', w.sessions.writer);
    // The page's own chunk is preloaded; the chart's loads after hydration.
    expect(stats.body).toContain('assets/StatsPages-');
    expect(stats.body).not.toContain('assets/stats-chart-');
  });
});

describe('the JSON stats paths (spec §2 Other)', () => {
  it('answer the page’s numbers for a range, someone else’s a 404, bad ranges a 400 with the reason', async () => {
    const w = await world();
    const start = Date.parse(`${yesterday}T00:00:00Z`);
    const end = Date.parse(`${today}T12:00:00Z`);
    const total = await t.page(`/me/stats/total/${start}/${end}`, w.sessions.writer);
    expect(total.statusCode).toBe(200);
    expect(total.json()).toMatchObject({
      range: { from: yesterday, to: today },
      totals: { views: 4, reads: 1, readRatio: 25, memberReadingSeconds: 90, earningsCents: 250 },
    });
    const byName = await t.page(`/@${w.writer.username}/stats/total/${start}/${end}`, w.sessions.writer);
    expect(byName.json().totals).toEqual(total.json().totals);
    for (const path of [`/me/stats/${w.story.id}/${start}/${end}`, `/stats/${w.story.id}/${start}/${end}`]) {
      const res = await t.page(path, w.sessions.editor);
      expect(res.statusCode).toBe(200);
      expect(res.json().days.map((d: { views: number }) => d.views)).toEqual([2, 2]);
      const refused = await t.page(path, w.sessions.stranger);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        error: { message: 'There are no stats to show here.', code: 'NOT_FOUND' },
      });
    }
    expect(
      (await t.page(`/@${w.writer.username}/stats/total/${start}/${end}`, w.sessions.stranger)).statusCode,
    ).toBe(404);
    expect((await t.page(`/me/stats/total/${start}/${end}`)).statusCode).toBe(401);
    const bad: [string, string][] = [
      [`/me/stats/total/${end}/${start}`, 'The end of the range comes before its start.'],
      [`/me/stats/total/0/${end}`, 'A stats range is at most 400 days.'],
      [`/me/stats/total/yesterday/${end}`, 'A stats range is two times in milliseconds'],
      [`/stats/${w.story.id}/1e3/${end}`, 'A stats range is two times in milliseconds'],
      [`/stats/${w.story.id}/${start}/99999999999999999999`, 'A stats range is two times in milliseconds'],
      [`/stats/not-a-story/${start}/${end}`, 'A story id is 8 to 16 hex characters.'],
    ];
    for (const [path, message] of bad) {
      const res = await t.page(path, w.sessions.writer);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('downloads a story’s daily stats as CSV, for those who may see them', async () => {
    const w = await world();
    const res = await t.page(`/me/stats/post/${w.story.id}/csv?period=7`, w.sessions.writer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="story-${w.story.id}-stats-${addDays(today, -6)}-to-${today}.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines).toContain(`${yesterday},2,1,50,90,0,0,250`);
    expect(lines).toContain(`${today},2,0,0,0,0,0,0`);
    expect((await t.page(`/me/stats/post/${w.story.id}/csv`, w.sessions.stranger)).statusCode).toBe(404);
    expect((await t.page(`/me/stats/post/${w.story.id}/csv`)).statusCode).toBe(401);
  });
});
