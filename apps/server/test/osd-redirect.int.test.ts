import { describe, expect, it } from 'vitest';
import { outboundSecret, signedOutboundPath } from '../src/outbound-redirect';
import { useTestApp } from './helpers';

const BASE = 'https://quire.test';
const SECRET = 'a'.repeat(40);
const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', PUBLIC_URL: BASE, APP_SECRET: SECRET });

describe('/osd.xml', () => {
  it('describes the site search for browsers, and every page links to it', async () => {
    const res = await t.app.inject({ url: '/osd.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/opensearchdescription+xml');
    expect(res.body).toContain('<ShortName>Quire</ShortName>');
    expect(res.body).toContain(`template="${BASE}/search?q={searchTerms}"`);
    expect(res.body).toContain(`${BASE}/favicon.ico`);
    const page = await t.page('/about');
    expect(page.body).toContain(
      `<link rel="search" type="application/opensearchdescription+xml" title="Quire" href="${BASE}/osd.xml">`,
    );
  });
});

describe('/r', () => {
  const secret = outboundSecret({ APP_SECRET: SECRET });
  it('redirects to our own host and to signed targets', async () => {
    const own = await t.app.inject({ url: `/r/?url=${encodeURIComponent(`${BASE}/@someone`)}` });
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe(`${BASE}/@someone`);
    const signed = await t.app.inject({ url: signedOutboundPath(secret, 'https://elsewhere.example/a?b=1') });
    expect(signed.statusCode).toBe(302);
    expect(signed.headers.location).toBe('https://elsewhere.example/a?b=1');
  });

  it('refuses foreign unsigned or badly signed targets and non-http schemes, redirecting nowhere', async () => {
    const forged = signedOutboundPath(
      outboundSecret({ APP_SECRET: 'b'.repeat(40) }),
      'https://evil.example/',
    );
    for (const url of [
      '/r/?url=https%3A%2F%2Fevil.example%2F',
      '/r?url=//evil.example/',
      forged,
      `/r/?url=${encodeURIComponent('javascript:alert(1)')}`,
      '/r/',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers.location, url).toBeUndefined();
      expect(res.body).not.toContain('<a ');
    }
  });
});
