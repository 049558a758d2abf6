import { createHash } from 'node:crypto';
import { errorPageTexts, TOP_NAV_TOOLTIP_FLAG } from '@quire/domain';
import { buildCollection, buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

describe('server-rendered reader pages', () => {
  it('renders the home page with published story titles in the HTML and the state to hydrate', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Grace Hopper' });
    await buildPost(em, { creator: writer, title: 'Compilers for everyone' });
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Compilers for everyone');
    expect(res.body).toContain('Grace Hopper');
    expect(res.body).toContain('<script type="application/json" id="__QUIRE_STATE__">');
    expect(res.body).toMatch(
      /<script type="application\/json" id="__QUIRE_BOOT__">\{"entry":"\/static\/reader\/assets\/[^"]+\.js"/,
    );
  });

  it('renders the logo tooltip in the HTML for visitors and for users who have not dismissed it, only', async () => {
    const em = t.db.em();
    const { buildSession } = await import('@quire/test-harness');
    const { UserDismissedFlag } = await import('@quire/db');
    const fresh = await buildUser(em);
    const dismissed = await buildUser(em);
    em.create(UserDismissedFlag, { user: dismissed, flag: TOP_NAV_TOOLTIP_FLAG, action: 'DISMISSED' });
    await em.flush();
    const page = async (token?: string) =>
      (await t.app.inject({ url: '/', headers: token ? { cookie: `sid=${token}` } : {} })).body;
    // The same HTML for every visitor (it may be cached): the boot script hides it where this browser dismissed it.
    expect(await page()).toContain('class="q-tooltip q-logo-tooltip"');
    expect(await page(await buildSession(em, fresh))).toContain('class="q-tooltip q-logo-tooltip"');
    expect(await page(await buildSession(em, dismissed))).not.toContain('class="q-tooltip q-logo-tooltip"');
  });

  it('allows its one inline script, and no other, by the hash in the Content-Security-Policy', async () => {
    const res = await t.app.inject({ url: '/' });
    const inline = [...res.body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('renders a story from its paragraph model at its canonical URLs', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: 'linus' });
    const publication = await buildCollection(em, { creator: writer, slug: 'kernel-notes' });
    const content = {
      paragraphs: [
        { name: 'h1', type: 'H3' as const, text: 'On patches', markups: [] },
        {
          name: 'p1',
          type: 'P' as const,
          text: 'Talk is cheap.',
          markups: [{ type: 'EM' as const, start: 0, end: 4 }],
        },
        { name: 'c1', type: 'PRE' as const, text: 'git format-patch -1', markups: [] },
        { name: 'l1', type: 'OLI' as const, text: 'Write it', markups: [] },
        { name: 'l2', type: 'OLI' as const, text: 'Send it', markups: [] },
      ],
    };
    const post = await buildPost(em, {
      creator: writer,
      collection: publication,
      title: 'On patches',
      content,
    });
    for (const url of [`/p/${post.id}`, `/kernel-notes/${post.uniqueSlug}`, `/@linus/${post.uniqueSlug}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>On patches | Quire</title>');
      expect(res.body).toContain('<em>Talk</em>');
      expect(res.body).toContain('<pre id="c1" tabindex="0"><code>git format-patch -1</code></pre>');
      expect(res.body).toMatch(/<ol><li id="l1">.*Write it.*<\/li><li id="l2">/);
    }
  });

  it('answers 404 with the not-found page for unknown stories and paths', async () => {
    for (const url of ['/p/0123456789ab', '/some/thing-without-id', '/a/b/c']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(errorPageTexts.notFoundTitle);
    }
  });

  it('gives the sign-up surface the minimal footer with app-store badges, other pages the full one', async () => {
    const signin = await t.app.inject({ url: '/m/signin' });
    const minimal = signin.body.slice(signin.body.indexOf('data-testid="minimal-footer"'));
    expect(minimal).toMatch(/>About<\/a><a[^>]*>Help<\/a><a[^>]*>Terms<\/a><a[^>]*>Privacy<\/a>/);
    expect(minimal).toContain('Download on the App Store');
    expect(minimal).not.toContain('Careers');
    const home = await t.app.inject({ url: '/' });
    expect(home.body).not.toContain('minimal-footer');
    expect(home.body).toContain('>Careers</a>');
  });

  it('names the page modules a render used, so the browser loads them before hydrating', async () => {
    const em = t.db.em();
    const post = await buildPost(em, { creator: await buildUser(em), title: 'Chunked story' });
    const res = await t.app.inject({ url: `/p/${post.id}` });
    const state = JSON.parse(res.body.match(/id="__QUIRE_STATE__">(.*?)<\/script>/s)![1]!);
    expect(state.pages).toEqual(['src/pages/PostPage.tsx']);
    const home = await t.app.inject({ url: '/' });
    expect(JSON.parse(home.body.match(/id="__QUIRE_STATE__">(.*?)<\/script>/s)![1]!).pages).toEqual([
      'src/pages/HomePage.tsx',
    ]);
  });

  it('sends the search box’s scope for the path it rendered, and holds the first paint until the page is parsed', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { username: 'scoped' });
    const post = await buildPost(em, { creator: writer, title: 'Scoped story' });
    const stateOf = (body: string) => JSON.parse(body.match(/id="__QUIRE_STATE__">(.*?)<\/script>/s)![1]!);
    const path = `/@scoped/${post.uniqueSlug}`;
    const story = await t.app.inject({ url: `${path}?source=x` });
    expect(stateOf(story.body).search).toEqual({ path, scope: { username: 'scoped' } });
    const home = await t.app.inject({ url: '/' });
    expect(stateOf(home.body).search).toEqual({ path: '/', scope: null });
    // The first paint waits for the server's whole page (one layout), not for the state or the scripts after it.
    expect(home.body).toContain('<link rel="expect" href="#root" blocking="render">');
    expect(home.body.indexOf('rel="expect"')).toBeLessThan(home.body.indexOf('<div id="root">'));
  });

  it('serves the editor shell at /new-story', async () => {
    const res = await t.app.inject({ url: '/new-story' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/static/editor/assets/');
  });

  it('serves hashed static assets with a year-long immutable cache', async () => {
    const home = await t.app.inject({ url: '/' });
    const script = home.body.match(/"entry":"(\/static\/reader\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const res = await t.app.inject({ url: script! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Assets set no cookies (shared caches keep them); pages still give a first-time visitor theirs.
    expect(res.headers['set-cookie']).toBeUndefined();
    // Document-only security headers stay on pages, not on scripts; nosniff stays everywhere.
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['content-security-policy']).toContain("default-src 'self'");
    expect(String(home.headers['set-cookie'])).toContain('xsrf=');
  });
});

describe('your stories (/me/stories/{filterBy})', () => {
  it('lists the signed-in writer’s drafts with their labels, and nothing for a visitor', async () => {
    const em = t.db.em();
    const { buildSession } = await import('@quire/test-harness');
    const writer = await buildUser(em, { name: 'Drafty' });
    await buildPost(em, { creator: writer, title: 'Half-written thoughts', status: 'DRAFT' });
    await buildPost(em, { creator: writer, title: 'Out in the world' });
    const token = await buildSession(em, writer);
    const drafts = await t.app.inject({ url: '/me/stories/drafts', headers: { cookie: `sid=${token}` } });
    expect(drafts.statusCode).toBe(200);
    expect(drafts.body).toContain('Half-written thoughts');
    expect(drafts.body).toMatch(/class="q-story-label">Draft(<!-- -->)? · /);
    expect(drafts.body).not.toContain('Out in the world');
    const published = await t.app.inject({ url: '/me/stories/public', headers: { cookie: `sid=${token}` } });
    expect(published.body).toContain('Out in the world');
    const signedOut = await t.app.inject({ url: '/me/stories/drafts' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toContain('href="/m/signin?redirect=%2Fme%2Fstories%2Fdrafts"');
    expect(signedOut.body).not.toContain('Half-written thoughts');
    expect(
      (await t.app.inject({ url: '/me/stories/nonsense', headers: { cookie: `sid=${token}` } })).statusCode,
    ).toBe(404);
  });
});

describe('your lists (/me/lists, /me/list/reading-list)', () => {
  it('renders the saved stories for their reader, and a sign-in link for a visitor', async () => {
    const em = t.db.em();
    const { buildSession } = await import('@quire/test-harness');
    const reader = await buildUser(em, { name: 'Keeper' });
    const post = await buildPost(em, { creator: await buildUser(em), title: 'Worth keeping' });
    const token = await buildSession(em, reader);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/_/bookmark/p/${post.id}`,
      headers: { cookie: `sid=${token}; xsrf=x`, 'x-xsrf-token': 'x' },
    });
    expect(saved.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/me/list/reading-list', headers: { cookie: `sid=${token}` } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<title>Reading list | Quire</title>');
    expect(list.body).toContain('Worth keeping');
    const lists = await t.app.inject({ url: '/me/lists', headers: { cookie: `sid=${token}` } });
    expect(lists.body).toMatch(/1 story(<!-- -->)? · Private/);
    const signedOut = await t.app.inject({ url: '/me/list/reading-list' });
    expect(signedOut.body).toContain('href="/m/signin?redirect=%2Fme%2Flist%2Freading-list"');
    expect(signedOut.body).not.toContain('Worth keeping');
  });
});

describe('post management menu (spec §2)', () => {
  it('is rendered for the story’s author only', async () => {
    const em = t.db.em();
    const { buildSession } = await import('@quire/test-harness');
    const author = await buildUser(em);
    const reader = await buildUser(em);
    const post = await buildPost(em, { creator: author, title: 'Menu story' });
    const asAuthor = await t.app.inject({
      url: `/p/${post.id}`,
      headers: { cookie: `sid=${await buildSession(em, author)}` },
    });
    expect(asAuthor.body).toContain('aria-label="Story options"');
    const asReader = await t.app.inject({
      url: `/p/${post.id}`,
      headers: { cookie: `sid=${await buildSession(em, reader)}` },
    });
    expect(asReader.body).not.toContain('aria-label="Story options"');
  });
});
