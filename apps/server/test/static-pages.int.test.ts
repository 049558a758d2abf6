import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

/** Quire's own pages and the headline each one shows. */
const PAGES: [string, string][] = [
  ['/about', 'About Quire'],
  ['/help', 'Help'],
  ['/m/tos', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/creators', 'Write on Quire'],
  ['/creator-tools', 'Tools for writers'],
  ['/jobs', 'Careers'],
  ['/blog', 'The Quire blog'],
  ['/text-to-speech', 'Text to speech'],
  ['/status', 'Quire status'],
];

describe("Quire's own pages (spec §2 Static paths, /help, the footer's links)", () => {
  it('renders each with its headline, head tags and sections', async () => {
    for (const [url, title] of PAGES) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<title>${title} | Quire</title>`);
      expect(res.body, url).toContain(`<h1>${title}</h1>`);
      expect(res.body, url).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(res.body, url).not.toContain('Coming soon');
      expect(res.body, url).toMatch(/<section id="[a-z-]+"/);
    }
  });

  it('links to the help sections by anchor', async () => {
    const res = await t.app.inject({ url: '/help' });
    for (const id of ['writing', 'publishing', 'members-only', 'privacy-controls', 'account']) {
      expect(res.body).toContain(`id="${id}"`);
    }
  });
});
