import type { EntityManager } from '@mikro-orm/postgresql';
import { PUBLISHED_ON, Tag, type User } from '@quire/db';
import { buildCollection, buildPost, buildUser, sampleContent, useTestDatabase } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PostgresSearchIndex,
  publishedOn,
  SEARCH_CANDIDATES_PER_HIT,
  SEARCH_RECENT_DAYS,
  type SearchQuery,
  search,
} from '../src';

const db = useTestDatabase();

const q = (entity: SearchQuery['entity'], query: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  entity,
  query,
  hitsPerPage: 3,
  page: 0,
  highQualityOnly: false,
  ...extra,
});

async function run(...queries: SearchQuery[]) {
  return search(new PostgresSearchIndex(db.em()), queries);
}

async function highQuality(em: EntityManager, user: User) {
  user.isHighQuality = true;
  await em.flush();
  return user;
}

let ada: User;
let grace: User;

beforeAll(async () => {
  const em = db.em();
  ada = await highQuality(em, await buildUser(em, { name: 'Ada Lovelace', username: 'adalovelace' }));
  grace = await buildUser(em, { name: 'Grace Hopper', username: 'ghopper' });
  await buildUser(em, { name: 'Ada Suspended', username: 'adasuspended', isSuspended: true });
  const engines = await buildCollection(em, { creator: ada, name: 'Analytical Engines', slug: 'engines' });
  engines.isHighQuality = true;
  await buildCollection(em, { creator: grace, name: 'Engine Room', slug: 'engine-room' });
  em.create(Tag, { slug: 'engineering', name: 'Engineering', postCount: 4 });
  em.create(Tag, { slug: 'engine-tuning', name: 'Engine Tuning', postCount: 0 });
  await em.flush();
  await buildPost(em, { creator: ada, collection: engines, title: 'Notes on the Analytical Engine' });
  await buildPost(em, { creator: ada, title: 'Poetical science and engines' });
  await buildPost(em, { creator: ada, title: 'Engine draft in progress', status: 'DRAFT' });
  await buildPost(em, { creator: ada, title: 'Unlisted engine notes', status: 'UNLISTED' });
  const members = sampleContent('Members engine story', 'An open dirigible paragraph.');
  members.paragraphs.push({
    name: 'a006',
    type: 'P',
    text: 'Secret paywalled zeppelin paragraph.',
    markups: [],
  });
  await buildPost(em, { creator: ada, title: 'Members engine story', isLocked: true, content: members });
  await buildPost(em, {
    creator: grace,
    title: 'Compilers and engines',
    content: sampleContent('Compilers and engines', 'A velocipede of a parser.'),
  });
});

describe('PostgresSearchIndex (spec §7 search service, §5 search rules)', () => {
  it('finds people by name prefix, username and a misspelling, best match first', async () => {
    const [byPrefix, byUsername, byTypo] = await run(
      q('user', 'Ada Lov'),
      q('user', '@ghop'),
      q('user', 'Lovelase'),
    );
    expect(byPrefix?.hits.map((h) => 'name' in h && h.name)).toEqual(['Ada Lovelace']);
    expect(byUsername?.hits.map((h) => 'username' in h && h.username)).toEqual(['ghopper']);
    expect(byTypo?.hits.map((h) => 'name' in h && h.name)).toContain('Ada Lovelace');
  });

  it('never returns suspended accounts', async () => {
    const [result] = await run(q('user', 'Ada'));
    expect(result?.hits.map((h) => 'username' in h && h.username)).toEqual(['adalovelace']);
  });

  it('keeps only high-quality people, publications and authors when asked (no can_view_unfiltered_search)', async () => {
    const filtered = await run(
      q('user', 'Grace', { highQualityOnly: true }),
      q('collection', 'Engine', { highQualityOnly: true }),
      q('post', 'engines', { highQualityOnly: true, hitsPerPage: 8 }),
    );
    expect(filtered[0]?.hits).toEqual([]);
    expect(filtered[1]?.hits.map((h) => 'name' in h && h.name)).toEqual(['Analytical Engines']);
    expect(filtered[2]?.hits.map((h) => 'title' in h && h.title)).not.toContain('Compilers and engines');
    const unfiltered = await run(q('user', 'Grace'), q('collection', 'Engine'));
    expect(unfiltered[0]?.hits.map((h) => 'name' in h && h.name)).toEqual(['Grace Hopper']);
    expect(unfiltered[1]?.hits.map((h) => 'name' in h && h.name).sort()).toEqual([
      'Analytical Engines',
      'Engine Room',
    ]);
  });

  it('suggests only tags with at least one story', async () => {
    const [result] = await run(q('tag', 'engin'));
    expect(result?.hits).toEqual([
      expect.objectContaining({ tagSlug: 'engineering', displayText: 'Engineering', postCount: 4 }),
    ]);
  });

  it('searches published stories only, by title and body: no drafts or unlisted stories', async () => {
    const [byTitle, byBody] = await run(q('post', 'engine', { hitsPerPage: 20 }), q('post', 'velocipede'));
    const titles = byTitle?.hits.map((h) => 'title' in h && h.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Notes on the Analytical Engine', 'Poetical science and engines']),
    );
    expect(titles).toContain('Members engine story');
    expect(titles).not.toContain('Engine draft in progress');
    expect(titles).not.toContain('Unlisted engine notes');
    expect(byBody?.hits.map((h) => 'title' in h && h.title)).toEqual(['Compilers and engines']);
  });

  it('matches a members-only story past its locked preview for members only', async () => {
    const [preview, locked, asMember] = await run(
      q('post', 'dirigible'),
      q('post', 'zeppelin'),
      q('post', 'zeppelin', { membersText: true }),
    );
    expect(preview?.hits.map((h) => 'title' in h && h.title)).toEqual(['Members engine story']);
    expect(locked?.hits).toEqual([]);
    expect(asMember?.hits.map((h) => 'title' in h && h.title)).toEqual(['Members engine story']);
  });

  it('gives story hits the thumbnail of their cards, and no text past what the hit shows', async () => {
    const em = db.em();
    const pictured = await buildPost(em, { creator: grace, title: 'Pictured ornithopter' });
    pictured.previewImageId = 'ornithopter.jpg';
    await em.flush();
    const [withPicture, locked] = await run(
      q('post', 'ornithopter'),
      q('post', 'dirigible', { membersText: true }),
    );
    expect(withPicture?.hits).toEqual([
      expect.objectContaining({ postId: pictured.id, previewImageId: 'ornithopter.jpg' }),
    ]);
    // A members-only story's hit, even for a member: the card's fields only, never its text.
    const hit = locked?.hits[0];
    expect(Object.keys(hit ?? {}).sort()).toEqual(
      [
        'authorName',
        'authorUsername',
        'latestPublishedAt',
        'objectID',
        'postId',
        'previewImageId',
        'queryId',
        'subtitle',
        'title',
      ].sort(),
    );
    expect(JSON.stringify(hit)).not.toMatch(/dirigible|zeppelin/);
  });

  it('scopes post search to a publication or an author, every hit with a publish date', async () => {
    const [inEngines, byGrace] = await run(
      q('post', 'engine', { scope: { collectionId: (await engineId()) ?? '' }, hitsPerPage: 8 }),
      q('post', 'engines', { scope: { authorId: grace.id }, hitsPerPage: 8 }),
    );
    expect(inEngines?.hits.map((h) => 'title' in h && h.title)).toEqual(['Notes on the Analytical Engine']);
    expect(byGrace?.hits.map((h) => 'title' in h && h.title)).toEqual(['Compilers and engines']);
    for (const hit of [...(inEngines?.hits ?? []), ...(byGrace?.hits ?? [])])
      expect('latestPublishedAt' in hit && hit.latestPublishedAt).toBeGreaterThan(0);
  });

  it('tags every hit with its query id, and answers an empty query with no hits', async () => {
    const [result, empty] = await run(q('user', 'ada'), q('post', '   '));
    expect(result?.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(result?.hits[0]).toMatchObject({ objectID: ada.id, userId: ada.id, queryId: result?.queryID });
    expect(empty?.hits).toEqual([]);
  });

  it('pages with hitsPerPage and reports whether more hits follow', async () => {
    const [first, second] = await run(
      q('post', 'engine', { hitsPerPage: 1 }),
      q('post', 'engine', { hitsPerPage: 1, page: 1 }),
    );
    expect(first?.hits).toHaveLength(1);
    expect(first?.hasMore).toBe(true);
    expect(second?.hits[0]?.objectID).not.toBe(first?.hits[0]?.objectID);
  });

  it('ranks a word many stories contain among its newest matches only, as many as the page needs', async () => {
    const em = db.em();
    const day = 24 * 60 * 60 * 1000;
    const stories = [];
    for (let i = 0; i < 12; i++) {
      const post = await buildPost(em, {
        creator: grace,
        title: `Flight log ${i}`,
        content: sampleContent(`Flight log ${i}`, 'An autogyro over the hangar.'),
      });
      // Published i days ago: the trigger keeps the date beside the searchable text.
      post.latestPublishedAt = new Date(Date.UTC(2026, 0, 31) - i * day);
      stories.push(post);
    }
    // The oldest names the word in its subtitle, which ranks higher: only a page that reaches it ranks it.
    stories[11]!.subtitle = 'The autogyro, at last';
    await em.flush();
    const dates = await em.getConnection().execute<{ same: boolean }[]>(
      `select t.published_at = p.latest_published_at as same from post_search_texts t join posts p on p.id = t.post_id
          where p.title like 'Flight log %'`,
    );
    expect(dates.map((d) => d.same)).toEqual(Array(12).fill(true));
    // One hit a page: the SEARCH_CANDIDATES_PER_HIT newest matching stories are ranked, not the oldest, whose
    // subtitle would have put it first; among equals the newest comes first.
    expect(SEARCH_CANDIDATES_PER_HIT).toBeLessThan(stories.length - 1);
    const [first] = await run(q('post', 'autogyro', { hitsPerPage: 1 }));
    expect(first?.hits.map((h) => h.objectID)).toEqual([stories[0]!.id]);
    expect(first?.hasMore).toBe(true);
    // A deeper page asks for more of them.
    const [all] = await run(q('post', 'autogyro', { hitsPerPage: 12 }));
    expect(all?.hits).toHaveLength(12);
    expect(all?.hits[0]?.objectID).toBe(stories[11]!.id);
  });

  it('looks for the newest stories with a word among the last days first, and through the archive when too few', async () => {
    const em = db.em();
    const day = 24 * 60 * 60 * 1000;
    // The word is in the text only (a title's misspellings are looked for in the whole archive at once); an old
    // story also has it in its subtitle, which ranks higher, so it comes first whenever it is among the candidates.
    const publish = async (word: string, daysAgo: number, subtitle?: string) => {
      const title = `Field note ${word} ${daysAgo}`.replace(word, 'entry');
      const post = await buildPost(em, {
        creator: grace,
        title,
        content: sampleContent(title, `A ${word} crossed.`),
      });
      post.latestPublishedAt = new Date(Date.now() - daysAgo * day);
      if (subtitle) post.subtitle = subtitle;
      return post;
    };
    // 'quokka': more recent matches than a one-hit page ranks (SEARCH_CANDIDATES_PER_HIT): the old one is not ranked.
    const recent = [];
    for (let i = 0; i <= SEARCH_CANDIDATES_PER_HIT; i++) recent.push(await publish('quokka', i + 1));
    await publish('quokka', SEARCH_RECENT_DAYS + 30, 'The quokka, at last');
    // 'numbat': one recent match: the archive is read, and the old one ranks first.
    await publish('numbat', 2);
    const oldNumbat = await publish('numbat', SEARCH_RECENT_DAYS + 30, 'The numbat, at last');
    await em.flush();

    const [quokka] = await run(q('post', 'quokka', { hitsPerPage: 1 }));
    expect(quokka?.hits.map((h) => h.objectID)).toEqual([recent[0]!.id]);
    const [numbat] = await run(q('post', 'numbat', { hitsPerPage: 1 }));
    expect(numbat?.hits.map((h) => h.objectID)).toEqual([oldNumbat.id]);
    expect(numbat?.hasMore).toBe(true);

    // A one-word title search looks recent first too: an old title that is the word itself still ranks first.
    await buildPost(em, { creator: grace, title: 'A bilby sighting' });
    const oldBilby = await buildPost(em, { creator: grace, title: 'Bilby' });
    oldBilby.latestPublishedAt = new Date(Date.now() - (SEARCH_RECENT_DAYS + 30) * day);
    await em.flush();
    const [bilby, misspelt] = await run(
      q('post', 'bilby', { hitsPerPage: 1 }),
      q('post', 'bilbby', { hitsPerPage: 1 }),
    );
    expect(bilby?.hits.map((h) => h.objectID)).toEqual([oldBilby.id]);
    // A misspelling finds the word's titles by the same look.
    expect(misspelt?.hits).toHaveLength(1);
    expect(misspelt?.hasMore).toBe(true);
  });

  it('names the publication day as the search indexes hold it, so they serve the recent-first look', () => {
    expect(publishedOn('"published_at"')).toBe(PUBLISHED_ON('"published_at"'));
  });

  it('treats % and _ in the text literally', async () => {
    const [result] = await run(q('user', '%'), q('user', '_'));
    expect(result?.hits).toEqual([]);
  });
});

async function engineId() {
  const rows = await db
    .em()
    .getConnection()
    .execute<{ id: string }[]>(`select id from collections where slug = 'engines'`);
  return rows[0]?.id;
}
