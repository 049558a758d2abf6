import { Collection, Post, PostTag, Tag } from '@quire/db';
import { buildCollection, buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

/* The home page's right column and Read next under a story arrive rendered by the server (spec §9 module types). */

const t = useTestApp();

const page = (url: string) => t.app.inject({ url });

describe('home modules and Read next, rendered on the server', () => {
  it('renders the home page with staff picks, recommended topics and who to follow', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Picked Writer' });
    const outsider = await buildUser(em);
    const pick = await buildPost(em, { creator: writer, title: 'A staff pick about kites' });
    await em.nativeUpdate(Post, { id: pick.id }, { curationStatus: 'DISTRIBUTED' });
    const topic = em.create(Tag, { slug: 'kite-flying', name: 'Kite Flying', isTopic: true });
    em.create(PostTag, { post: pick.id, tag: topic });
    const secret = await buildCollection(em, { creator: outsider });
    await em.nativeUpdate(Collection, { id: secret.id }, { visibility: 'PRIVATE' });
    const hidden = await buildPost(em, { creator: outsider, collection: secret, title: 'A private pick' });
    await em.nativeUpdate(Post, { id: hidden.id }, { curationStatus: 'DISTRIBUTED' });
    await em.flush();

    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const aside = res.body.slice(res.body.indexOf('data-testid="home-modules"'));
    expect(aside).toContain('data-module-type="FEATURED_STORIES"');
    expect(aside).toContain('data-module-type="RECOMMENDED_TOPICS"');
    expect(aside).toContain('data-module-type="TOP_WRITERS"');
    expect(aside).toContain('Staff picks');
    expect(aside).toContain('A staff pick about kites');
    expect(aside).toContain('href="/tag/kite-flying"');
    expect(aside).toContain('Who to follow');
    expect(aside).toContain('Picked Writer');
    expect(res.body).not.toContain('A private pick');
  });

  it('renders Read next under a story: more from its writer, never the story itself or an unlisted one', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Next Writer' });
    const story = await buildPost(em, {
      creator: writer,
      title: 'The opening story',
      publishedAt: new Date(Date.now() - 86_400_000),
    });
    await buildPost(em, { creator: writer, title: 'The follow-up story' });
    await buildPost(em, { creator: writer, title: 'The unlisted aside', status: 'UNLISTED' });

    const res = await page(`/p/${story.id}`);
    expect(res.statusCode).toBe(200);
    const readNext = res.body.slice(res.body.indexOf('data-testid="read-next"'));
    expect(readNext).toContain('data-module-type="READ_NEXT_SIDEBAR"');
    expect(readNext).toContain('Read next');
    expect(readNext).toContain('More from Next Writer');
    expect(readNext).toContain('The follow-up story');
    expect(readNext).not.toContain('The unlisted aside');
    expect(readNext).not.toMatch(/<h2 class="q-story-card-title">The opening story/);
  });
});
