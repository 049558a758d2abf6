import { Block, FollowUser, PostTag, Tag } from '@quire/db';
import { errorPageTexts } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

const { page } = t;

describe('profile, publication and topic pages (spec §2 Paths)', () => {
  it("lists a writer's published stories on their profile, never their drafts", async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Ada Lovelace', username: 'ada', bio: 'Poetical science.' });
    await buildPost(em, { creator: writer, title: 'Notes on the engine' });
    await buildPost(em, { creator: writer, title: 'A secret draft', status: 'DRAFT' });
    for (const url of ['/@ada', '/@ada/latest']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Ada Lovelace | Quire</title>');
      expect(res.body).toContain('Poetical science.');
      expect(res.body).toContain('Notes on the engine');
      expect(res.body).not.toContain('A secret draft');
    }
  });

  it('answers 404 for an unknown profile', async () => {
    for (const url of ['/@nobody-here', '/@nobody-here/latest', '/@']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(errorPageTexts.notFoundTitle);
    }
  });

  it('hides a profile from a reader its user blocked', async () => {
    const em = t.db.em();
    const blocker = await buildUser(em, { username: 'blocker' });
    const reader = await buildUser(em);
    await buildPost(em, { creator: blocker, title: 'Not for everyone' });
    em.create(Block, { blocker, blocked: reader });
    await em.flush();
    expect((await page('/@blocker')).statusCode).toBe(200);
    const res = await page('/@blocker', await buildSession(em, reader));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Not for everyone');
  });

  it('lists a publication’s stories on its home, and 404s a slug no publication has', async () => {
    const em = t.db.em();
    const owner = await buildUser(em);
    const publication = await buildCollection(em, {
      creator: owner,
      slug: 'engine-room',
      name: 'Engine Room',
    });
    await buildPost(em, { creator: owner, collection: publication, title: 'Boilers explained' });
    await buildPost(em, { creator: owner, title: 'Outside the room' });
    const res = await page('/engine-room');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Engine Room | Quire</title>');
    expect(res.body).toContain('Boilers explained');
    expect(res.body).not.toContain('Outside the room');
    for (const url of ['/no-such-publication', '/definitely-nothing']) {
      const missing = await page(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain(errorPageTexts.notFoundTitle);
    }
  });

  it('lists tagged stories on the topic and tag pages', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const tagged = await buildPost(em, { creator: writer, title: 'Rust in anger' });
    await buildPost(em, { creator: writer, title: 'Untagged musings' });
    const tag = em.create(Tag, { slug: 'rust-lang', name: 'Rust', postCount: 1 });
    em.create(PostTag, { post: tagged, tag });
    await em.flush();
    for (const url of ['/topic/rust-lang', '/tag/rust-lang']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Rust | Quire</title>');
      expect(res.body).toContain('Rust in anger');
      expect(res.body).not.toContain('Untagged musings');
    }
    expect((await page('/tag/no-such-tag')).statusCode).toBe(404);
  });
});

describe('the Following feed', () => {
  it("shows followed writers' stories newest first, a writer's further stories spaced out, none lost", async () => {
    const em = t.db.em();
    const reader = await buildUser(em);
    const prolific = await buildUser(em);
    const other = await buildUser(em);
    const stranger = await buildUser(em);
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 5; i += 1) {
      await buildPost(em, {
        creator: prolific,
        title: `Prolific ${i}`,
        publishedAt: new Date(base + i * 1000),
      });
    }
    await buildPost(em, { creator: other, title: 'Other writer', publishedAt: new Date(base) });
    await buildPost(em, { creator: stranger, title: 'Not followed' });
    em.create(FollowUser, { follower: reader, target: prolific });
    em.create(FollowUser, { follower: reader, target: other });
    await em.flush();
    const token = await buildSession(em, reader);
    const res = await t.app.inject({
      url: `/trpc/profiles.followingFeed?input=${encodeURIComponent(JSON.stringify({}))}`,
      headers: { cookie: `sid=${token}` },
    });
    expect(res.statusCode).toBe(200);
    const titles = (res.json().result.data.posts as { title: string }[]).map((p) => p.title);
    // Each further story by the same writer moves back 12 hours: the other writer comes second.
    expect(titles).toEqual([
      'Prolific 4',
      'Other writer',
      'Prolific 3',
      'Prolific 2',
      'Prolific 1',
      'Prolific 0',
    ]);

    const anonymous = await t.app.inject({
      url: `/trpc/profiles.followingFeed?input=${encodeURIComponent(JSON.stringify({}))}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a private publication (spec §3 Collection visibility)', () => {
  it('shows its pages, stories and feed to its members only; to anyone else it does not exist', async () => {
    const em = t.db.em();
    const owner = await buildUser(em);
    const writer = await buildUser(em);
    const outsider = await buildUser(em);
    const publication = await buildCollection(em, {
      creator: owner,
      slug: 'private-circle',
      name: 'Private Circle',
    });
    publication.visibility = 'PRIVATE';
    await em.flush();
    await addCollectionMember(em, publication, writer, 'WRITER');
    const post = await buildPost(em, {
      creator: writer,
      collection: publication,
      title: 'Members of the circle only',
    });
    const [ownerToken, writerToken, outsiderToken] = await Promise.all(
      [owner, writer, outsider].map((u) => buildSession(em, u)),
    );

    for (const url of ['/private-circle', '/private-circle/about', `/p/${post.id}`]) {
      for (const token of [undefined, outsiderToken]) {
        const res = await page(url, token);
        expect(res.statusCode, `${url} ${token ? 'outsider' : 'visitor'}`).toBe(404);
        expect(res.body).not.toContain('Members of the circle only');
      }
      expect((await page(url, ownerToken)).statusCode, url).toBe(200);
    }
    // The story's author reads it wherever it was published.
    expect((await page(`/p/${post.id}`, writerToken)).body).toContain('Members of the circle only');
    expect((await page('/feed/private-circle')).statusCode).toBe(404);
  });

  it('leaves its stories out of every other list, feed and search, for members too', async () => {
    const em = t.db.em();
    const owner = await buildUser(em);
    const writer = await buildUser(em, { username: 'circle-writer' });
    writer.isHighQuality = true; // search lists high-quality writers' stories
    const outsider = await buildUser(em);
    const publication = await buildCollection(em, {
      creator: owner,
      slug: 'inner-circle',
      name: 'Inner Circle',
    });
    publication.visibility = 'PRIVATE';
    await addCollectionMember(em, publication, writer, 'WRITER');
    const hidden = await buildPost(em, {
      creator: writer,
      collection: publication,
      title: 'Circle notes only',
    });
    const open = await buildPost(em, { creator: writer, title: 'Open notes for all' });
    const tag = em.create(Tag, { slug: 'circle-topic', name: 'Circle topic', postCount: 2 });
    em.create(PostTag, { post: hidden, tag });
    em.create(PostTag, { post: open, tag });
    em.create(FollowUser, { follower: outsider, target: writer });
    await em.flush();
    const [ownerToken, outsiderToken] = await Promise.all([owner, outsider].map((u) => buildSession(em, u)));
    const trpc = (name: string, token?: string, input: object = {}) =>
      page(`/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`, token);

    const lists = [
      '/',
      '/@circle-writer',
      '/tag/circle-topic',
      '/tag/circle-topic/latest',
      '/tag/circle-topic/top/all-time',
      '/top-stories',
      '/feed/latest',
      '/feed/@circle-writer',
      '/feed/tag/circle-topic',
    ];
    for (const token of [undefined, outsiderToken, ownerToken]) {
      const who = token === ownerToken ? 'member' : token ? 'outsider' : 'visitor';
      for (const url of lists) {
        const res = await page(url, token);
        expect(res.statusCode, `${url} ${who}`).toBe(200);
        // The open story shows, so the list was really rendered; the private one does not.
        expect(res.body, `${url} ${who}`).toContain('Open notes for all');
        expect(res.body, `${url} ${who}`).not.toContain('Circle notes only');
      }
      const feeds = token
        ? ['posts.latest', 'posts.forYou', 'profiles.followingFeed']
        : ['posts.latest', 'posts.forYou'];
      for (const name of feeds) {
        const res = await trpc(name, token);
        if (name === 'profiles.followingFeed' && token === ownerToken) continue;
        expect(res.body, `${name} ${who}`).toContain('Open notes for all');
        expect(res.body, `${name} ${who}`).not.toContain('Circle notes only');
      }
      const search = await trpc('search.query', token, { q: 'notes', entities: ['post'] });
      expect(search.body, `search ${who}`).toContain('Open notes for all');
      expect(search.body, `search ${who}`).not.toContain('Circle notes only');
    }
    // Its own pages list it, for its members.
    expect((await page('/inner-circle', ownerToken)).body).toContain('Circle notes only');
  });
});
