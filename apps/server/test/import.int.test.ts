import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultPageFetchSettings, defaultServiceEnvironment, fetchPage, isBlockedAddress } from '@quire/api';
import { Post, User } from '@quire/db';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

// Loopback is allowed here only so the import can reach the local page server; the refusal is proved below.
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0' }, () =>
  defaultServiceEnvironment({ pageFetch: { allowPrivateAddresses: true } }),
);

const ARTICLE =
  '<!doctype html><html><head><title>Original title</title><link rel="canonical" href="https://blog.example/original"></head>' +
  '<body><nav><a href="/">Home</a> <a href="/about">About</a></nav><article><h1>Original title</h1>' +
  '<p>The first paragraph of a long article about gardens, with enough words to look like the main content of the page.</p>' +
  '<p>A second paragraph with <strong>bold</strong> text and a <a href="javascript:alert(1)">bad link</a>.</p></article>' +
  '<footer>Copyright</footer></body></html>';

let server: Server;
let base = '';
/** Requests the page server was sent. */
let served = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    served += 1;
    if (req.url === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    } else if (req.url === '/moved') {
      res.writeHead(302, { location: '/article' }).end();
    } else if (req.url === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${'x'.repeat(3 * 1024 * 1024)}</p>`);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function signedIn() {
  const em = t.db.em();
  const user = await buildUser(em);
  return { user, headers: authHeaders(await buildSession(em, user)) };
}

const importing = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/_/import', headers, payload: payload as object });

describe('POST /_/import with a file', () => {
  it('makes a draft of the viewer from an HTML file, canonical link from the file', async () => {
    const { user, headers } = await signedIn();
    const res = await importing(headers, { fileName: 'story.html', text: ARTICLE });
    expect(res.statusCode).toBe(200);
    const { postId, editUrl } = res.json();
    expect(editUrl).toBe(`/p/${postId}/edit`);
    const post = await t.db.em().findOneOrFail(Post, { id: postId }, { populate: ['creator'] });
    expect(post.creator.id).toBe(user.id);
    expect(post.status).toBe('DRAFT');
    expect(post.title).toBe('Original title');
    expect(post.canonicalUrl).toBe('https://blog.example/original');
    expect(post.content.paragraphs.map((p) => p.text)).toContain('Home About');
    expect(JSON.stringify(post.content)).not.toContain('javascript');
  });

  it('makes a draft from Markdown, its # heading the title', async () => {
    const { headers } = await signedIn();
    const res = await importing(headers, { fileName: 'notes.md', text: '# From Markdown\n\n- one\n- two\n' });
    expect(res.statusCode).toBe(200);
    const post = await t.db.em().findOneOrFail(Post, { id: res.json().postId });
    expect(post.title).toBe('From Markdown');
    expect(post.content.paragraphs.map((p) => [p.type, p.text])).toEqual([
      ['ULI', 'one'],
      ['ULI', 'two'],
    ]);
  });

  it('refuses other file types, empty files, signed-out visitors and a missing xsrf token', async () => {
    const { headers } = await signedIn();
    const before = await t.db.em().count(Post, {});
    expect((await importing(headers, { fileName: 'x.exe', text: 'MZ' })).statusCode).toBe(400);
    expect((await importing(headers, { fileName: 'x.md', text: '   ' })).statusCode).toBe(400);
    expect((await importing(authHeaders(null), { fileName: 'x.md', text: 'hi' })).statusCode).toBe(401);
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: '/_/import',
      headers: { cookie: headers.cookie },
      payload: { fileName: 'x.md', text: 'hi' },
    });
    expect(noXsrf.statusCode).toBe(403);
    // A suspended account may read but not write (spec §6): no draft.
    const { user: suspended, headers: suspendedHeaders } = await signedIn();
    await t.db.em().nativeUpdate(User, { id: suspended.id }, { isSuspended: true });
    const refused = await importing(suspendedHeaders, { fileName: 'x.md', text: '# Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect(await t.db.em().count(Post, {})).toBe(before);
  });
});

describe('POST /_/import with a URL', () => {
  it('fetches the page (following a redirect), keeps its article and links back to it', async () => {
    const { headers } = await signedIn();
    const res = await importing(headers, { url: `${base}/moved` });
    expect(res.statusCode).toBe(200);
    const post = await t.db.em().findOneOrFail(Post, { id: res.json().postId });
    expect(post.title).toBe('Original title');
    expect(post.canonicalUrl).toBe('https://blog.example/original');
    const texts = post.content.paragraphs.map((p) => p.text);
    expect(texts[0]).toMatch(/^The first paragraph/);
    expect(texts).not.toContain('Copyright');
  });

  it('refuses non-pages, pages over the size cap and non-http schemes', async () => {
    const { headers } = await signedIn();
    expect((await importing(headers, { url: `${base}/image` })).json().error.message).toBe(
      'That address is not a web page.',
    );
    expect((await importing(headers, { url: `${base}/huge` })).statusCode).toBe(400);
    expect((await importing(headers, { url: 'file:///etc/passwd' })).json().error.message).toBe(
      'Enter an http or https address.',
    );
  });
});

describe('SSRF protection (default settings)', () => {
  it('refuses loopback, private and link-local addresses, literal or after resolving the name', async () => {
    const refused = (url: string, lookup?: (h: string) => Promise<{ address: string; family: number }[]>) =>
      expect(fetchPage(url, defaultPageFetchSettings(lookup ? { lookup } : {}))).rejects.toThrow(
        'That address cannot be imported.',
      );
    await refused(`${base}/article`);
    await refused('http://[::1]/');
    await refused('http://169.254.169.254/latest/meta-data/');
    await refused('http://metadata.test/', async () => [{ address: '169.254.169.254', family: 4 }]);
    await refused('http://intranet.test/', async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ]);
    await refused('http://mapped.test/', async () => [{ address: '::ffff:127.0.0.1', family: 6 }]);
    expect(isBlockedAddress('93.184.216.34')).toBe(false);
    expect(isBlockedAddress('fd00::1')).toBe(true);
  });

  it('resolves a name once, for the connection, and refuses it there: no second answer (DNS rebinding) is asked for', async () => {
    const port = (server.address() as AddressInfo).port;
    // The connection resolves the name through the guard's lookup.
    const page = await fetchPage(
      `http://site.test:${port}/article`,
      defaultPageFetchSettings({
        allowPrivateAddresses: true,
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      }),
    );
    expect(page.html).toContain('Original title');
    let asked = 0;
    const before = served;
    await expect(
      fetchPage(
        `http://rebind.test:${port}/article`,
        defaultPageFetchSettings({
          lookup: async () => {
            asked += 1;
            return [{ address: '127.0.0.1', family: 4 }];
          },
        }),
      ),
    ).rejects.toThrow('That address cannot be imported.');
    expect(asked).toBe(1);
    expect(served).toBe(before);
  });
});

describe('writer entry points and canonical links', () => {
  it('redirects the mobile writer paths and /p/import-story', async () => {
    for (const [from, to] of [
      ['/p/new-post', '/new-story'],
      ['/m-write', '/new-story'],
      ['/m-write/abc123', '/p/abc123/edit'],
      ['/p/import-story', '/p/import'],
    ]) {
      const res = await t.app.inject({ url: from });
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location).toBe(to);
    }
  });

  it("points a story page's canonical link at the original when it has one", async () => {
    const em = t.db.em();
    const writer = await buildUser(em);
    const post = await buildPost(em, { creator: writer, title: 'Imported' });
    post.canonicalUrl = 'https://blog.example/x';
    await em.flush();
    const res = await t.page(`/p/${post.id}`);
    const html = res.statusCode === 200 ? res.body : (await t.page(res.headers.location as string)).body;
    expect(html).toContain('<link rel="canonical" href="https://blog.example/x">');
  });
});
