import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyPageIds, loadAllPages } from '../src/lib/lazy-page';
import { pageRoutes, routeFor } from '../src/routes';

describe('route matching', () => {
  it('routes the reader’s real paths to their pages', () => {
    expect(routeFor('/').route.name).toBe('ShowHome');
    expect(routeFor('/p/0123456789ab').route.name).toBe('ShowPost');
    expect(routeFor('/@ada').route.name).toBe('ShowUser');
    expect(routeFor('/search').route.name).toBe('ShowSearch');
    expect(routeFor('/no/such/page/here').route).toBe(pageRoutes.at(-1));
  });
});

describe('lazily loaded pages', () => {
  it('names each page module by its file, as the build manifest does, and each loads', async () => {
    const ids = lazyPageIds();
    expect(ids.length).toBeGreaterThan(8);
    for (const id of ids)
      expect(existsSync(fileURLToPath(new URL(`../${id}`, import.meta.url))), id).toBe(true);
    await expect(loadAllPages()).resolves.toBeUndefined();
  });
});
