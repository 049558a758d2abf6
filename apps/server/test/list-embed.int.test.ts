import { Catalog, CatalogItem } from '@quire/db';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

describe('list embed (spec §2 /embed/list/{catalogSlugId})', () => {
  it('frames a public list for other sites: name, creator and stories, no script; private lists are 404 even to their creator', async () => {
    const em = t.db.em();
    const owner = await buildUser(em, { name: 'Embedding Reader' });
    const writer = await buildUser(em);
    const story = await buildPost(em, { creator: writer, title: 'Embedded <story>' });
    const list = em.create(Catalog, { creator: owner, name: 'Shared picks', slug: 'shared-picks' });
    const secret = em.create(Catalog, { creator: owner, name: 'Hidden picks', visibility: 'PRIVATE' });
    for (const catalog of [list, secret]) em.create(CatalogItem, { catalog, itemType: 'POST', post: story });
    await em.flush();

    const res = await t.app.inject({ url: `/embed/list/shared-picks-${list.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.body).toContain('Shared picks');
    expect(res.body).toContain('by Embedding Reader');
    expect(res.body).toContain('Embedded &lt;story&gt;');
    expect(res.body).not.toContain('<script');

    const token = await buildSession(em, owner);
    const hidden = await t.app.inject({ url: `/embed/list/${secret.id}`, headers: authHeaders(token) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Hidden picks');
    expect((await t.app.inject({ url: '/embed/list/not-a-list' })).statusCode).toBe(404);
  });
});
