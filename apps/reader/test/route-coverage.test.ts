import { quireRoutes } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { comingSoonFor } from '../src/routes';

/** A concrete path for a route pattern: each {param} (or :param) becomes a sample value. */
function samplePath(pattern: string): string {
  return pattern
    .replace(/\{postId\}|\{inResponseToPostId\}/g, '0123456789ab')
    .replace(/\{[^}]+\}/g, (param) => (param === '{username}' ? 'sample' : 'sample-value'))
    .replace(/\[[^\]]*\]/g, '');
}

/** Every route-table entry as a real page, a redirect, or a 'Coming soon' page. */
function coverage() {
  const counts = { entries: 0, real: 0, redirects: 0, comingSoon: 0 };
  for (const entry of quireRoutes.entries) {
    counts.entries += 1;
    if (entry.redirectTo) counts.redirects += 1;
    else if (comingSoonFor(samplePath(entry.pattern))) counts.comingSoon += 1;
    else counts.real += 1;
  }
  return counts;
}

describe('spec §2 Paths coverage (the figures docs/FEATURES.md reports)', () => {
  it('counts real pages, redirects and coming-soon pages of the route table', () => {
    expect(coverage()).toEqual({ entries: 322, real: 209, redirects: 17, comingSoon: 96 });
  });
});
