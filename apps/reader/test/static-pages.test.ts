import { describe, expect, it } from 'vitest';
import { footerLinks, minimalFooterLinks } from '../src/components/Footer';
import { staticHeads } from '../src/content/static-heads';
import { staticPages } from '../src/content/static-pages';
import { comingSoonFor, routeFor } from '../src/routes';

describe("Quire's own pages", () => {
  it('every footer link leads to a real page, not a 404 or a coming-soon page', () => {
    for (const link of [...footerLinks, ...minimalFooterLinks]) {
      const { route } = routeFor(link.href);
      expect(route.name, link.href).not.toBe('NotFound');
      expect(comingSoonFor(link.href), link.href).toBeUndefined();
    }
  });

  it('every page has a title, a description, a lead and sections with unique anchors', () => {
    for (const [name, head] of Object.entries(staticHeads)) {
      const page = staticPages[name as keyof typeof staticHeads];
      expect(head.title.length, name).toBeGreaterThan(0);
      expect(head.description.length, name).toBeGreaterThan(20);
      expect(page.lead.length, name).toBeGreaterThan(20);
      expect(page.sections.length, name).toBeGreaterThan(0);
      const ids = page.sections.map((s) => s.id);
      expect(new Set(ids).size, name).toBe(ids.length);
      // The product is Quire: no page names another.
      expect(JSON.stringify(page), name).not.toMatch(/Medium/);
    }
  });
});
