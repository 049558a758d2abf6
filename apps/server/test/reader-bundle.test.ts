import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readerDist, readReaderAssets } from '../src/assets';

// The built reader (the test run builds it first): what a reader's phone downloads and runs before it can use
// the home page or a story.
const assets = readReaderAssets('/static/reader/', readerDist);
const file = (url: string) => readFileSync(path.join(readerDist, url.replace('/static/reader/', '')), 'utf8');

/** zod names its error class in a string that minification keeps (in quotes or backticks). */
const hasZod = (url: string) => /[`'"]ZodError[`'"]/.test(file(url));

/** The entry, the chunks it imports, and a page's own chunks. */
const firstLoad = (page: string) => [assets.script, ...assets.preloads, ...(assets.chunks?.[page] ?? [])];

describe('the reader bundle', () => {
  it('exports the start that the boot script calls from the entry', () => {
    // A build that drops the entry's exports leaves every page unhydrated.
    expect(file(assets.script)).toMatch(/\bas start[,}]/);
  });

  for (const page of ['src/pages/HomePage.tsx', 'src/pages/PostPage.tsx']) {
    it(`leaves the validation library out of the first load of ${page}`, () => {
      expect(assets.chunks?.[page]?.length).toBeGreaterThan(0);
      expect(firstLoad(page).filter(hasZod)).toEqual([]);
    });
  }

  it('finds the validation library where the forms that check input load it', () => {
    expect(firstLoad('src/components/susi/ui.tsx').some(hasZod)).toBe(true);
  });
});
