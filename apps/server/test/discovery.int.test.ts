import {
  Block,
  Catalog,
  CatalogItem,
  Clap,
  CustomDomain,
  FollowCollection,
  FollowUser,
  Highlight,
  type Post,
  PostTag,
  Tag,
  type User,
} from '@quire/db';
import { errorPageTexts, monthDayYearSlug } from '@quire/domain';
import { PRELOADED_STATE_ID } from '@quire/reader/server';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
  sampleContent,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

const page = (url: string, opts: { token?: string; host?: string } = {}) =>
  t.app.inject({
    url,
    headers: {
      ...(opts.token ? { cookie: `sid=${opts.token}` } : {}),
      ...(opts.host ? { host: opts.host } : {}),
    },
  });

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const DAY_MS = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

async function expectPage(url: string, opts: { token?: string; host?: string; title?: string } = {}) {
  const res = await page(url, opts);
  expect(res.statusCode, url).toBe(200);
  if (opts.title) expect(res.body, url).toContain(`<title>${opts.title} | Quire</title>`);
  return res.body;
}

/**
 * The page's markup without the preloaded query state: sub-pages carry the publication's header query, whose
 * latest stories are data for the browser, not items the page shows.
 */
const shown = (body: string) =>
  body.replace(
    new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">[\\s\\S]*?</script>`),
    '',
  );

async function expectNotFound(url: string, opts: { token?: string; host?: string } = {}) {
  const res = await page(url, opts);
  expect(res.statusCode, url).toBe(404);
  expect(res.body, url).toContain(errorPageTexts.notFoundTitle);
  expect(res.body, url).not.toContain('Coming soon');
  return res.body;
}

async function respond(
  parent: Post,
  creator: User,
  title: string,
  opts: { isLocked?: boolean; body?: string } = {},
) {
  const em = t.db.em();
  const response = await buildPost(em, {
    creator,
    title,
    isLocked: opts.isLocked,
    content: sampleContent(title, opts.body),
  });
  response.inResponseToPost = parent;
  response.type = 'RESPONSE';
  await em.flush();
  return response;
}

describe('profile sub-pages (spec §2 /@{username}/…)', () => {
  it('shows the about page with the bio, joined date, membership and counts', async () => {
    const em = t.db.em();
    const ada = await buildUser(em, {
      name: 'Ada About',
      username: unique('ada'),
      bio: 'Poetical science.',
      mediumMemberAt: Date.UTC(2024, 2, 5),
    });
    const fan = await buildUser(em);
    em.create(FollowUser, { follower: fan, target: ada });
    await em.flush();
    const body = await expectPage(`/@${ada.username}/about`, { title: 'Ada About – About' });
    expect(body).toContain('Poetical science.');
    expect(body).toContain('Joined ');
    expect(body).toContain('Member since March 2024');
    expect(body).toContain('1 follower');
  });

  it('lists followers and following, each with a Follow button, and pages on', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Popular Writer', username: unique('pop') });
    const followed = await buildUser(em, { name: 'Someone Followed' });
    const stranger = await buildUser(em, { name: 'Total Stranger' });
    for (let i = 0; i < 21; i++) {
      const fan = await buildUser(em, { name: `Fan Number ${i}x` });
      em.create(FollowUser, { follower: fan, target: writer, createdAt: daysAgo(30 - i) });
    }
    em.create(FollowUser, { follower: writer, target: followed });
    await em.flush();

    const followers = await expectPage(`/@${writer.username}/followers`, {
      title: 'Popular Writer – Followers',
    });
    expect(followers).toContain('Fan Number 20x');
    // The first page holds 20: the oldest follower waits behind the Show more button.
    expect(followers).not.toContain('Fan Number 0x');
    expect(followers).toContain('Show more');
    expect(followers).not.toContain('Total Stranger');
    expect(followers.match(/data-testid="follow-button"/g)?.length).toBeGreaterThan(20);

    const following = await expectPage(`/@${writer.username}/following`);
    expect(following).toContain('Someone Followed');
    expect(following).not.toContain('Fan Number');
    expect(following).not.toContain(stranger.name);
  });

  it('lists published responses with the story they answer, never drafts, private parents or paid text', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: unique('resp') });
    const author = await buildUser(em);
    const story = await buildPost(em, { creator: author, title: 'The Answered Story' });
    const draftParent = await buildPost(em, { creator: author, title: 'Draft Parent', status: 'DRAFT' });
    const unlistedParent = await buildPost(em, {
      creator: author,
      title: 'Unlisted Parent',
      status: 'UNLISTED',
    });
    await respond(story, writer, 'My public reply', { body: 'A reply anyone may read.' });
    await respond(story, writer, 'My members reply', { isLocked: true, body: 'Text for members alone.' });
    await respond(draftParent, writer, 'Reply to a draft');
    await respond(unlistedParent, writer, 'Reply to an unlisted story');
    const draftReply = await buildPost(em, { creator: writer, title: 'My draft reply', status: 'DRAFT' });
    draftReply.inResponseToPost = story;
    await em.flush();

    const body = await expectPage(`/@${writer.username}/responses`);
    expect(body).toContain('In response to');
    expect(body).toContain('The Answered Story');
    expect(body).toContain(`href="/@${author.username}/${story.uniqueSlug}"`);
    expect(body).toContain('A reply anyone may read.');
    expect(body).toContain('My members reply');
    expect(body).not.toContain('Text for members alone.');
    for (const hidden of [
      'Reply to a draft',
      'Draft Parent',
      'Reply to an unlisted story',
      'Unlisted Parent',
      'My draft reply',
    ]) {
      expect(body).not.toContain(hidden);
    }
  });

  it('lists the stories the writer clapped for, most recent clap first, and their highlights', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: unique('clapper') });
    const other = await buildUser(em);
    const older = await buildPost(em, { creator: other, title: 'Clapped Long Ago' });
    const newer = await buildPost(em, { creator: other, title: 'Clapped Just Now' });
    const draft = await buildPost(em, { creator: other, title: 'Clapped Draft', status: 'DRAFT' });
    const unlisted = await buildPost(em, { creator: other, title: 'Clapped Unlisted', status: 'UNLISTED' });
    await buildPost(em, { creator: other, title: 'Never Clapped' });
    em.create(Clap, { user: writer, post: older, count: 3, createdAt: daysAgo(5), updatedAt: daysAgo(5) });
    em.create(Clap, { user: writer, post: newer, count: 1 });
    em.create(Clap, { user: writer, post: draft, count: 1 });
    em.create(Clap, { user: writer, post: unlisted, count: 1 });
    const locked = await buildPost(em, { creator: other, title: 'Members Story', isLocked: true });
    em.create(Highlight, {
      user: writer,
      post: locked,
      paragraphName: 'a002',
      startOffset: 0,
      endOffset: 9,
      quote: 'paid sentence here',
    });
    em.create(Highlight, {
      user: writer,
      post: newer,
      paragraphName: 'a002',
      startOffset: 0,
      endOffset: 9,
      quote: 'free sentence here',
    });
    em.create(Highlight, {
      user: writer,
      post: draft,
      paragraphName: 'a002',
      startOffset: 0,
      endOffset: 9,
      quote: 'draft sentence here',
    });
    await em.flush();
    await em.nativeUpdate(Clap, { user: writer.id, post: older.id }, { updatedAt: daysAgo(5) });

    for (const path of ['has-recommended', 'recommended']) {
      const body = await expectPage(`/@${writer.username}/${path}`);
      expect(body.indexOf('Clapped Just Now')).toBeGreaterThan(-1);
      expect(body.indexOf('Clapped Just Now')).toBeLessThan(body.indexOf('Clapped Long Ago'));
      for (const hidden of ['Clapped Draft', 'Clapped Unlisted', 'Never Clapped'])
        expect(body).not.toContain(hidden);
    }

    const highlights = await expectPage(`/@${writer.username}/highlights`);
    expect(highlights).toContain('free sentence here');
    expect(highlights).toContain('Members Story');
    expect(highlights).not.toContain('paid sentence here');
    expect(highlights).not.toContain('draft sentence here');
    const member = await buildUser(em, { mediumMemberAt: Date.now() });
    const asMember = await expectPage(`/@${writer.username}/highlights`, {
      token: await buildSession(em, member),
    });
    expect(asMember).toContain('paid sentence here');
  });

  it('lists public lists with counts and shows a public list; a private list is a 404 to others', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'List Maker', username: unique('lists') });
    const other = await buildUser(em);
    const inList = await buildPost(em, { creator: other, title: 'Story In The List' });
    const draft = await buildPost(em, { creator: other, title: 'Draft In The List', status: 'DRAFT' });
    const open = em.create(Catalog, { creator: writer, name: 'Open Reading', slug: 'open-reading' });
    const secret = em.create(Catalog, { creator: writer, name: 'Secret Reading', visibility: 'PRIVATE' });
    em.create(CatalogItem, { catalog: open, itemType: 'POST', post: inList, position: 0 });
    em.create(CatalogItem, { catalog: open, itemType: 'POST', post: draft, position: 1 });
    em.create(CatalogItem, { catalog: secret, itemType: 'POST', post: inList, position: 0 });
    await em.flush();

    const lists = await expectPage(`/@${writer.username}/lists`);
    expect(lists).toContain('Open Reading');
    expect(lists).toContain('1 story');
    expect(lists).toContain(`href="/@${writer.username}/list/open-reading-${open.id}"`);
    expect(lists).not.toContain('Secret Reading');

    const list = await expectPage(`/@${writer.username}/list/open-reading-${open.id}`, {
      title: 'Open Reading – List Maker',
    });
    expect(list).toContain('Story In The List');
    expect(list).not.toContain('Draft In The List');

    await expectNotFound(`/@${writer.username}/list/${secret.id}`);
    await expectNotFound(`/@${writer.username}/list/${secret.id}`, { token: await buildSession(em, other) });
    await expectNotFound(`/@${other.username}/list/open-reading-${open.id}`);
    await expectNotFound(`/@${writer.username}/list/not-a-list`);
    const own = await expectPage(`/@${writer.username}/list/${secret.id}`, {
      token: await buildSession(em, writer),
    });
    expect(own).toContain('Secret Reading');
    expect(own).toContain('Private');
  });

  it('answers 404 on every sub-page of a missing profile or one whose user blocked the viewer', async () => {
    const em = t.db.em();
    const blocker = await buildUser(em, { username: unique('blocker'), bio: 'Not for blocked eyes.' });
    const reader = await buildUser(em);
    em.create(Block, { blocker, blocked: reader });
    await em.flush();
    const token = await buildSession(em, reader);
    const subPages = [
      'about',
      'followers',
      'following',
      'responses',
      'has-recommended',
      'highlights',
      'lists',
    ];
    for (const sub of subPages) {
      await expectPage(`/@${blocker.username}/${sub}`);
      const body = await expectNotFound(`/@${blocker.username}/${sub}`, { token });
      expect(body).not.toContain('Not for blocked eyes.');
      await expectNotFound(`/@${unique('nobody')}/${sub}`);
    }
  });
});

describe('publication sub-pages (spec §2 /{collectionSlug}/…)', () => {
  async function publicationWithStories() {
    const em = t.db.em();
    const owner = await buildUser(em, { name: 'Owner Person' });
    const editor = await buildUser(em, { name: 'Editor Person' });
    const writer = await buildUser(em, { name: 'Writer Person' });
    const slug = unique('room');
    const publication = await buildCollection(em, { creator: owner, slug, name: 'Engine Room' });
    publication.description = 'Where the engines hum.';
    await addCollectionMember(em, publication, editor, 'EDITOR');
    await addCollectionMember(em, publication, writer, 'WRITER');
    const tag = em.create(Tag, { slug: unique('boilers'), name: 'Boilers' });
    const hot = await buildPost(em, {
      creator: writer,
      collection: publication,
      title: 'Hot In The Room',
      publishedAt: new Date('2025-03-07T10:00:00Z'),
    });
    const cold = await buildPost(em, {
      creator: writer,
      collection: publication,
      title: 'Cold In The Room',
      publishedAt: new Date('2024-06-01T10:00:00Z'),
    });
    await buildPost(em, { creator: writer, collection: publication, title: 'Room Draft', status: 'DRAFT' });
    await buildPost(em, {
      creator: writer,
      collection: publication,
      title: 'Room Unlisted',
      status: 'UNLISTED',
    });
    const outside = await buildPost(em, { creator: writer, title: 'Outside The Room' });
    const locked = await buildPost(em, {
      creator: writer,
      collection: publication,
      title: 'Members In The Room',
      isLocked: true,
      publishedAt: new Date('2025-03-09T10:00:00Z'),
      content: sampleContent('Members In The Room', 'A sentence only members read.'),
    });
    em.create(PostTag, { post: hot, tag });
    em.create(PostTag, { post: outside, tag });
    em.create(Clap, { user: owner, post: hot, count: 5 });
    em.create(Clap, { user: owner, post: outside, count: 50 });
    em.create(Clap, { user: editor, post: cold, count: 50, createdAt: daysAgo(40), updatedAt: daysAgo(40) });
    const fan = await buildUser(em, { name: 'Publication Fan' });
    em.create(FollowCollection, { follower: fan, collection: publication });
    await em.flush();
    await em.nativeUpdate(Clap, { user: editor.id, post: cold.id }, { updatedAt: daysAgo(40) });
    return { publication, slug, tag, locked, owner, writer };
  }

  it('serves latest, trending, about, archive, tagged and followers, each with only its stories', async () => {
    const { slug, tag } = await publicationWithStories();
    const latest = await expectPage(`/${slug}/latest`, { title: 'Engine Room' });
    expect(latest).toContain('Hot In The Room');
    expect(latest).toContain('Cold In The Room');
    expect(latest).toContain('Members In The Room');
    for (const hidden of [
      'Room Draft',
      'Room Unlisted',
      'Outside The Room',
      'A sentence only members read.',
    ]) {
      expect(latest).not.toContain(hidden);
    }

    const trending = shown(await expectPage(`/${slug}/trending`, { title: 'Engine Room – Trending' }));
    expect(trending).toContain('Hot In The Room');
    // Claps older than 30 days and stories of other publications do not count.
    expect(trending).not.toContain('Cold In The Room');
    expect(trending).not.toContain('Outside The Room');

    const about = shown(await expectPage(`/${slug}/about`, { title: 'About Engine Room' }));
    expect(about).toContain('Where the engines hum.');
    expect(about).toContain('Owner Person');
    expect(about).toContain('Editor Person');
    expect(about).not.toContain('Writer Person');
    expect(about).toContain('1 follower');

    const archive = await expectPage(`/${slug}/archive`);
    expect(archive).toContain(`href="/${slug}/archive/2025"`);
    expect(archive).toContain(`href="/${slug}/archive/2024"`);
    const year = shown(await expectPage(`/${slug}/archive/2025`));
    expect(year).toContain(`href="/${slug}/archive/2025/03"`);
    expect(year).toContain('Hot In The Room');
    expect(year).not.toContain('Cold In The Room');
    const day = shown(await expectPage(`/${slug}/archive/2025/03/09`));
    expect(day).toContain('Members In The Room');
    expect(day).not.toContain('Hot In The Room');
    for (const bad of ['archive/2025/13', 'archive/2025/02/30', 'archive/twenty', 'archive/2025/03/07/01']) {
      expect((await page(`/${slug}/${bad}`)).statusCode, bad).toBe(404);
    }

    const tagged = shown(await expectPage(`/${slug}/tagged/${tag.slug}`, { title: 'Boilers – Engine Room' }));
    expect(tagged).toContain('Hot In The Room');
    expect(tagged).not.toContain('Cold In The Room');
    expect(tagged).not.toContain('Outside The Room');
    await expectNotFound(`/${slug}/tagged/${unique('notag')}`);

    const followers = await expectPage(`/${slug}/followers`, { title: 'Engine Room – Followers' });
    expect(followers).toContain('Publication Fan');
  });

  it('shows a writer within the publication: its header, the writer and only their stories there', async () => {
    const { publication, slug, owner, writer } = await publicationWithStories();
    const em = t.db.em();
    writer.bio = 'Keeps the boilers warm.';
    const blocked = await buildUser(em, { name: 'Blocked Reader' });
    em.create(Block, { blocker: writer, blocked });
    await em.flush();
    const path = `/${slug}/@${writer.username}`;
    const body = shown(await expectPage(path, { title: 'Writer Person – Engine Room' }));
    // The publication's header (its name is the page's h1), then the writer with a Follow button.
    expect(body).toMatch(/<h1 class="q-pub-name">Engine Room<\/h1>/);
    const writerPart = body.slice(body.indexOf('data-testid="publication-writer"'));
    expect(writerPart).toMatch(/<h2>Writer Person<\/h2>/);
    expect(writerPart).toContain('Keeps the boilers warm.');
    expect(writerPart).toContain('>Follow<');
    expect(writerPart).toContain('3 stories in Engine Room');
    for (const story of ['Hot In The Room', 'Cold In The Room', 'Members In The Room'])
      expect(writerPart).toContain(story);
    for (const hidden of ['Room Draft', 'Room Unlisted', 'Outside The Room', 'A sentence only members read.'])
      expect(body).not.toContain(hidden);

    // Nobody with no story there, nobody missing, nowhere missing; not for a reader the writer blocked.
    await expectNotFound(`/${slug}/@${owner.username}`);
    await expectNotFound(`/${slug}/@${unique('nobody')}`);
    await expectNotFound(`/${unique('nopub')}/@${writer.username}`);
    await expectNotFound(path, { token: await buildSession(em, blocked) });
    // A story's path under the writer is still the story, not this page.
    expect((await page(`/@${writer.username}/@${writer.username}`)).statusCode).toBe(404);

    // On the publication's own domain the path drops the publication's slug.
    const host = `${slug}.example.org`;
    em.create(CustomDomain, { domain: host, status: 'LIVE', collection: publication.id, liveAt: new Date() });
    await em.flush();
    expect(
      shown(await expectPage(`/@${writer.username}`, { host, title: 'Writer Person – Engine Room' })),
    ).toContain('Cold In The Room');
  });

  it('answers 404 for the sub-pages of a slug no publication has', async () => {
    const slug = unique('nopub');
    for (const sub of ['latest', 'trending', 'about', 'archive', 'archive/2025', 'followers', 'tagged/x']) {
      await expectNotFound(`/${slug}/${sub}`);
    }
  });

  it('serves the same paths on the publication’s own domain', async () => {
    const { publication, slug, tag } = await publicationWithStories();
    const em = t.db.em();
    const host = `${slug}.example.org`;
    em.create(CustomDomain, { domain: host, status: 'LIVE', collection: publication.id, liveAt: new Date() });
    await em.flush();
    expect(await expectPage('/about', { host, title: 'About Engine Room' })).toContain(
      'Where the engines hum.',
    );
    expect(await expectPage('/trending', { host })).toContain('Hot In The Room');
    expect(await expectPage('/latest', { host })).toContain('Cold In The Room');
    const archive = shown(await expectPage('/archive/2024', { host }));
    expect(archive).toContain('Cold In The Room');
    expect(archive).not.toContain('Hot In The Room');
    expect(await expectPage(`/tagged/${tag.slug}`, { host })).toContain('Hot In The Room');
    expect(await expectPage('/followers', { host })).toContain('Publication Fan');
    expect((await page('/archive/2025/13', { host })).statusCode).toBe(404);
  });
});

describe('profile sub-pages on a writer’s own subdomain (spec §2 URL shapes)', () => {
  it('serves /about and /followers under the subdomain as the profile’s pages', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, {
      name: 'Subdomain Writer',
      username: unique('sub'),
      bio: 'Writing at home.',
    });
    writer.hasSubdomain = true;
    const fan = await buildUser(em, { name: 'Subdomain Fan' });
    em.create(FollowUser, { follower: fan, target: writer });
    await em.flush();
    const host = `${writer.username}.localhost:3000`;
    expect(await expectPage('/about', { host, title: 'Subdomain Writer – About' })).toContain(
      'Writing at home.',
    );
    expect(await expectPage('/followers', { host })).toContain('Subdomain Fan');
  });
});

describe('tag sub-pages (spec §2 /tag/{tagSlug}/…)', () => {
  it('serves latest, top per period, top writers and the archive; unknown periods and dates are 404', async () => {
    const em = t.db.em();
    const ada = await buildUser(em, { name: 'Ada Tagwriter' });
    const bob = await buildUser(em, { name: 'Bob Tagwriter' });
    const carol = await buildUser(em, { name: 'Carol Untagged' });
    const tag = em.create(Tag, { slug: unique('steam'), name: 'Steam' });
    const fresh = await buildPost(em, { creator: ada, title: 'Fresh Steam', publishedAt: daysAgo(2) });
    const old = await buildPost(em, {
      creator: bob,
      title: 'Old Steam',
      publishedAt: new Date('2023-05-02T10:00:00Z'),
    });
    const draft = await buildPost(em, { creator: bob, title: 'Draft Steam', status: 'DRAFT' });
    const untagged = await buildPost(em, {
      creator: carol,
      title: 'Untagged Water',
      publishedAt: daysAgo(1),
    });
    fresh.clapCount = 4;
    old.clapCount = 90;
    untagged.clapCount = 500;
    for (const post of [fresh, old, draft]) em.create(PostTag, { post, tag });
    await em.flush();

    const latest = await expectPage(`/tag/${tag.slug}/latest`, { title: 'Steam' });
    expect(latest).toContain('Fresh Steam');
    expect(latest).toContain('Old Steam');
    expect(latest).not.toContain('Draft Steam');

    const week = await expectPage(`/tag/${tag.slug}/top/week`, { title: 'Steam – Top stories' });
    expect(week).toContain('Fresh Steam');
    expect(week).not.toContain('Old Steam');
    expect(week).not.toContain('Untagged Water');
    const allTime = await expectPage(`/tag/${tag.slug}/top/all-time`);
    expect(allTime.indexOf('Old Steam')).toBeGreaterThan(-1);
    expect(allTime.indexOf('Old Steam')).toBeLessThan(allTime.indexOf('Fresh Steam'));
    await expectNotFound(`/tag/${tag.slug}/top/fortnight`);

    const writers = await expectPage(`/tag/${tag.slug}/top-writers`, { title: 'Steam – Top writers' });
    expect(writers.indexOf('Bob Tagwriter')).toBeGreaterThan(-1);
    expect(writers.indexOf('Bob Tagwriter')).toBeLessThan(writers.indexOf('Ada Tagwriter'));
    expect(writers).not.toContain('Carol Untagged');

    const archive = await expectPage(`/tag/${tag.slug}/archive/2023`);
    expect(archive).toContain(`href="/tag/${tag.slug}/archive/2023/05"`);
    expect(archive).toContain('Old Steam');
    expect(archive).not.toContain('Fresh Steam');
    await expectNotFound(`/tag/${tag.slug}/archive/2023/02/29`);

    for (const sub of ['latest', 'top/week', 'top-writers', 'archive'])
      await expectNotFound(`/tag/${unique('none')}/${sub}`);
  });
  it('shows related topics (spec §9 RELATED_TAGS) under the name of a topic and its sub-pages', async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const main = em.create(Tag, { slug: unique('kiln'), name: 'Kilns' });
    const related = em.create(Tag, { slug: unique('clay'), name: 'Clay Work' });
    const staff = em.create(Tag, { slug: unique('staffclay'), name: 'Staff Glazes', visibility: 'STAFF' });
    const apart = em.create(Tag, { slug: unique('apart'), name: 'Far Apart' });
    const story = await buildPost(em, { creator: writer, title: 'Firing A Kiln' });
    const elsewhere = await buildPost(em, { creator: writer, title: 'Somewhere Else' });
    for (const tag of [main, related, staff]) em.create(PostTag, { post: story, tag });
    em.create(PostTag, { post: elsewhere, tag: apart });
    await em.flush();

    for (const path of [`/tag/${main.slug}`, `/topic/${main.slug}`, `/tag/${main.slug}/top-writers`]) {
      const body = shown(await expectPage(path));
      const module = body.slice(body.indexOf('class="q-related-topics"'));
      expect(module, path).toMatch(/^class="q-related-topics"[^>]*data-module-type="RELATED_TAGS"/);
      expect(module, path).toContain('data-module-type-id="28"');
      expect(module, path).toContain(`href="/tag/${related.slug}">Clay Work</a>`);
      expect(body, path).not.toContain('Staff Glazes');
      expect(body, path).not.toContain('Far Apart');
    }
    // A topic that shares no story with another shows no module at all.
    expect(await expectPage(`/tag/${apart.slug}`)).not.toContain('class="q-related-topics"');
  });
});

describe('/topics, /trending and /top-stories (spec §2 Home and discovery)', () => {
  it('lists public topics with their counts and links, not plain tags or staff topics', async () => {
    const em = t.db.em();
    em.create(Tag, {
      slug: unique('astro'),
      name: 'Astronomy Topic',
      isTopic: true,
      followerCount: 12,
      postCount: 3,
    });
    em.create(Tag, { slug: unique('plain'), name: 'Plain Tag Only' });
    em.create(Tag, { slug: unique('staff'), name: 'Staff Only Topic', isTopic: true, visibility: 'STAFF' });
    await em.flush();
    const body = await expectPage('/topics', { title: 'Topics' });
    expect(body).toContain('Astronomy Topic');
    expect(body).toContain('12 followers · 3 stories');
    expect(body).toMatch(/href="\/topic\/astro[^"]*">Astronomy Topic/);
    expect(body).not.toContain('Plain Tag Only');
    expect(body).not.toContain('Staff Only Topic');
  });

  it('ranks this week’s engagement on /trending, at most 2 stories by one writer, never drafts or unlisted', async () => {
    const em = t.db.em();
    const prolific = await buildUser(em);
    const reader = await buildUser(em);
    const mark = unique('trend');
    for (let i = 0; i < 3; i++) {
      const post = await buildPost(em, { creator: prolific, title: `${mark} prolific ${i}` });
      em.create(Clap, { user: reader, post, count: 10 + i });
    }
    const unlisted = await buildPost(em, {
      creator: await buildUser(em),
      title: `${mark} unlisted`,
      status: 'UNLISTED',
    });
    em.create(Clap, { user: reader, post: unlisted, count: 50 });
    const quiet = await buildPost(em, { creator: await buildUser(em), title: `${mark} quiet` });
    await em.flush();
    expect(quiet.clapCount).toBe(0);
    const body = await expectPage('/trending', { title: 'Trending' });
    expect(body).toContain(`${mark} prolific 2`);
    expect(body).toContain(`${mark} prolific 1`);
    expect(body).not.toContain(`${mark} prolific 0`);
    expect(body).not.toContain(`${mark} unlisted`);
    expect(body).not.toContain(`${mark} quiet`);
  });

  it('lists a day’s top stories by slug, and answers 404 for a bad slug or a day to come', async () => {
    const em = t.db.em();
    const yesterday = new Date(Date.now() - DAY_MS);
    yesterday.setUTCHours(12, 0, 0, 0);
    const mark = unique('top');
    const best = await buildPost(em, {
      creator: await buildUser(em),
      title: `${mark} best`,
      publishedAt: yesterday,
    });
    await buildPost(em, { creator: await buildUser(em), title: `${mark} runner-up`, publishedAt: yesterday });
    await buildPost(em, {
      creator: await buildUser(em),
      title: `${mark} other day`,
      publishedAt: daysAgo(3),
    });
    best.clapCount = 7;
    await em.flush();
    const slug = monthDayYearSlug(yesterday);
    for (const base of ['/top-stories', '/browse/top']) {
      const body = await expectPage(`${base}/${slug}`);
      expect(body.indexOf(`${mark} best`)).toBeGreaterThan(-1);
      expect(body.indexOf(`${mark} best`)).toBeLessThan(body.indexOf(`${mark} runner-up`));
      expect(body).not.toContain(`${mark} other day`);
    }
    expect((await page('/top-stories')).statusCode).toBe(200);
    const tomorrow = monthDayYearSlug(new Date(Date.now() + 2 * DAY_MS));
    for (const bad of ['february-30-2026', 'yesterday', 'Nov-21-2026', tomorrow]) {
      await expectNotFound(`/top-stories/${bad}`);
    }
  });
});
