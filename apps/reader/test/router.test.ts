import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyPageIds, loadAllPages } from '../src/lib/lazy-page';
import { createMatcher } from '../src/lib/router';
import { pageRoutes, routeFor } from '../src/routes';

describe('route matching', () => {
  const match = createMatcher([
    { path: '/:owner/:slug', name: 'post' },
    { path: '/:owner/about', name: 'about' },
    { path: '/me/stories/:filterBy?', name: 'stories' },
    { path: '/:collectionSlug', name: 'owner' },
    { path: '*', name: 'notFound' },
  ]);
  const name = (path: string) => match(path)?.route.name;

  it('prefers static segments to params, and params to the splat, whatever the order', () => {
    expect(name('/@ada/about')).toBe('about');
    expect(name('/@ada/a-story-0123456789ab')).toBe('post');
    expect(name('/me')).toBe('owner');
    expect(name('/a/b/c')).toBe('notFound');
  });

  it('treats an optional param as two routes and decodes params', () => {
    expect(match('/me/stories')).toMatchObject({ route: { name: 'stories' }, params: {} });
    expect(match('/me/stories/drafts')?.params).toEqual({ filterBy: 'drafts' });
    expect(match('/@ada%20b/x')?.params).toEqual({ owner: '@ada b', slug: 'x' });
  });

  it('ignores case in static segments and a trailing slash, as links in the wild expect', () => {
    expect(name('/Me/Stories/')).toBe('stories');
  });

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
