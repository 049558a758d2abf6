import { quireRoutes, samplePathFor } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { comingSoonFor } from '../src/routes';

/** Every route-table entry as a real page, a redirect, or a 'Coming soon' page of the reader. */
function coverage() {
  const counts = { entries: 0, real: 0, redirects: 0, comingSoon: 0 };
  for (const entry of quireRoutes.entries) {
    counts.entries += 1;
    if (entry.redirectTo) counts.redirects += 1;
    else if (comingSoonFor(samplePathFor(entry.pattern))) counts.comingSoon += 1;
    else counts.real += 1;
  }
  return counts;
}

describe('spec §2 Paths coverage (the figures docs/FEATURES.md reports)', () => {
  // The reader's own pages only: paths the server answers before the reader (feeds, the editor, /v1, …) count as
  // 'Coming soon' here; apps/server/test/route-coverage.int.test.ts counts what a request really gets.
  it('counts real pages, redirects and coming-soon pages of the route table', () => {
    expect(coverage()).toEqual({ entries: 322, real: 210, redirects: 17, comingSoon: 95 });
  });
});
