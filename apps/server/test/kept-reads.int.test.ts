import { Block, Collection, observeQueries, Post, PostTag, Tag } from '@quire/db';
import { buildCollection, buildPost, buildSession, buildUser } from '@quire/test-harness';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

/*
 * Pages as a running site renders them, with the reads it shares between requests for FOR_YOU_CACHE_MS (the For you
 * candidates and cards, home's column, Read next's candidates): the second render of a page reads none of them
 * again, and each reader still sees only what their own blocks leave.
 */

// Short, so the candidates (reloaded by a timer every period) come to hold this file's stories within the test.
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', FOR_YOU_CACHE_MS: '1000' });
afterEach(() => observeQueries(null));

/** A page's HTML and the statements its render sent. */
async function render(path: string, token: string) {
  const statements: string[] = [];
  observeQueries((sql) => statements.push(sql));
  try {
    const res = await t.page(path, token);
    expect(res.statusCode, path).toBe(200);
    return { html: res.body, statements };
  } finally {
    observeQueries(null);
  }
}

describe('reads a running site keeps for a few seconds', () => {
  it('serve the second render of a story and of home, and never show a reader what they blocked', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Kept Writer' });
    const blocked = await buildUser(em, { name: 'Blocked Keeper' });
    const reader = await buildUser(em, { name: 'Kept Reader' });
    const publication = await buildCollection(em, { creator: writer, name: 'Kept Weekly' });
    await em.nativeUpdate(Collection, { id: publication.id }, { visibility: 'PUBLIC' });
    const topic = em.create(Tag, {
      slug: 'kept-topic',
      name: 'Kept Topic',
      visibility: 'PUBLIC',
      isTopic: true,
    });
    await em.flush();
    const story = await buildPost(em, { creator: writer, collection: publication, title: 'The kept story' });
    await buildPost(em, { creator: writer, title: 'More by the kept writer' });
    const theirs = await buildPost(em, { creator: blocked, title: 'A story by the blocked writer' });
    for (const post of [story, theirs]) em.create(PostTag, { post, tag: topic });
    await em.flush();
    await em.nativeUpdate(Post, { id: theirs.id }, { clapCount: 500, curationStatus: 'DISTRIBUTED' });
    em.create(Block, { blocker: reader, blocked });
    await em.flush();
    const token = await buildSession(em, reader);
    const other = await buildSession(em, await buildUser(em, { name: 'Other Reader' }));

    // A reader who blocks no one renders first: the shared reads are loaded and kept with the blocked writer's story.
    const first = await render(`/p/${story.id}`, other);
    expect(first.html).toContain('A story by the blocked writer');
    expect(first.statements.some((sql) => sql.includes('picked as'))).toBe(true);
    const again = await render(`/p/${story.id}`, token);
    expect(again.statements.some((sql) => sql.includes('picked as'))).toBe(false);
    expect(again.html).toContain('More by the kept writer');
    expect(again.html).not.toContain('A story by the blocked writer');

    // Home: once the candidates' timer has read this file's stories, the column's staff pick (the blocked writer's
    // story) shows to the other reader, and neither it nor the rest of their stories to the reader who blocked them.
    let home = await render('/', other);
    for (let tries = 0; tries < 40 && !home.html.includes('The kept story'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      home = await render('/', other);
    }
    expect(home.html).toContain('The kept story');
    expect(home.html).toContain('A story by the blocked writer');
    const homeAgain = await render('/', token);
    expect(homeAgain.html).toContain('The kept story');
    expect(homeAgain.html).not.toContain('A story by the blocked writer');
  });
});
