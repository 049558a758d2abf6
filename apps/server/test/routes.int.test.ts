import { errorPageTexts, LEGACY_REDIRECTS } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

describe('spec §2 route table on the server', () => {
  it('answers every legacy redirect with its status and Location', async () => {
    for (const r of LEGACY_REDIRECTS) {
      const res = await t.app.inject({ url: r.pattern });
      expect(res.statusCode, r.pattern).toBe(r.status);
      expect(res.headers.location).toBe(r.to);
    }
    const ticks = await t.app.inject({ url: '/ticks?ref=nav' });
    expect(ticks.statusCode).toBe(301);
    expect(ticks.headers.location).toBe('/l/ticks?ref=nav');
  });

  it('says which capability is coming on a known but unbuilt path', async () => {
    const unbuilt = await t.app.inject({ url: '/me/missioncontrol', headers: { accept: 'text/html' } });
    expect(unbuilt.statusCode).toBe(404);
    expect(unbuilt.body).toContain('Coming soon: Your pages.');
    // Your lists is built (ssr.int.test.ts): a visitor is asked to sign in.
    expect((await t.app.inject({ url: '/me/lists' })).statusCode).toBe(200);
    // Search is built (search.int.test.ts): its pages answer 200 now.
    const search = await t.app.inject({ url: '/search?q=types' });
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain('Coming soon: Search.');
    const profile = await t.app.inject({ url: '/@nobody/books' });
    expect(profile.body).toContain('Coming soon: Profiles.');
    // Profile about pages are built (discovery.int.test.ts): an unknown writer's is a plain 404.
    const about = await t.app.inject({ url: '/@nobody/about' });
    expect(about.statusCode).toBe(404);
    expect(about.body).not.toContain('Coming soon');
  });

  it('answers the plain 404 page for an unknown path and a missing story', async () => {
    for (const url of ['/a/b/c/d/e/f/g', '/p/0123456789ab']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(errorPageTexts.notFoundTitle);
      expect(res.body).not.toContain('Coming soon');
    }
  });
});
