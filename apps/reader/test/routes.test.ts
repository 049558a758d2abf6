import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyPageIds, loadAllPages } from '../src/lib/lazy-page';
import { matchPageRoute, pageRoutes, routeFor } from '../src/routes';

describe('route matching', () => {
  it('routes the reader’s real paths to their pages', () => {
    expect(routeFor('/').route.name).toBe('ShowHome');
    expect(routeFor('/p/0123456789ab').route.name).toBe('ShowPost');
    expect(routeFor('/@ada').route.name).toBe('ShowUser');
    expect(routeFor('/search').route.name).toBe('ShowSearch');
    expect(routeFor('/no/such/page/here').route).toBe(pageRoutes.at(-1));
  });

  it('prefers the most specific pattern, whatever the order of the table', () => {
    // A static segment beats a parameter: /:owner/latest before /:owner/:slug.
    expect(routeFor('/@ada/latest').route.name).toBe('ShowUser');
    expect(routeFor('/@ada/some-story-0123456789ab').route.name).toBe('ShowPostUnderUser');
    expect(routeFor('/p/0123456789ab/responses/show').route.name).toBe('ShowPByPostIdResponsesShow');
    expect(routeFor('/tag/design/latest').route.name).toBe('ShowTagByTagSlugLatest');
  });

  it("gives a publication's feature page named 'audience' its page, and a writer their audience", () => {
    // '/{collectionSlug}/{topicSlug}/home' and '/@{username}/audience/{details}' have the same shape.
    expect(routeFor('/sample-pub/audience/home').route.name).toBe('ShowByCollectionSlugByTopicSlugHome');
    expect(routeFor('/sample-pub/design/home').route.name).toBe('ShowByCollectionSlugByTopicSlugHome');
    expect(routeFor('/@ada/audience/followers').route.name).toBe('ShowUserAudienceByDetails');
    expect(routeFor('/@ada/audience').route.name).toBe('ShowUserAudience');
    expect(routeFor('/sample-pub/@ada/followers').route.name).not.toBe('ShowUserAudienceByDetails');
  });

  it('matches an optional segment with and without it, and decodes the params', () => {
    const bare = matchPageRoute('/me/stories');
    const drafts = matchPageRoute('/me/stories/drafts');
    expect(drafts.matched).toBe(bare.matched);
    expect([bare.params.filterBy, drafts.params.filterBy]).toEqual([undefined, 'drafts']);
    expect(matchPageRoute('/tag/caf%C3%A9').params).toEqual({ tagSlug: 'café' });
    // Case and a trailing slash do not matter; an encoded slash stays inside its segment.
    expect(matchPageRoute('/TAG/design/').matched).toBe(matchPageRoute('/tag/design').matched);
    expect(matchPageRoute('/tag/a%2Fb').params).toEqual({ tagSlug: 'a%2Fb' });
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
