import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  cycleFocus,
  fullSearchPath,
  hasResults,
  rememberSearchScope,
  type SearchData,
  searchScopeFor,
} from '../src/components/SearchBox';
import { SearchPopoverContent } from '../src/components/SearchPopover';
import { routeFor } from '../src/routes';

const qid = 'q'.repeat(32);
const result = <E extends SearchData['results'][number]['entity']>(entity: E, hits: unknown[]) =>
  ({
    entity,
    queryID: qid,
    page: 0,
    hitsPerPage: 3,
    hasMore: false,
    hits,
  }) as unknown as SearchData['results'][number];

const DATA: SearchData = {
  scope: null,
  results: [
    result('user', [
      {
        objectID: 'u1',
        userId: 'u1',
        username: 'ada',
        name: 'Ada Lovelace',
        imageId: null,
        bio: '',
        queryId: qid,
      },
    ]),
    result('collection', []),
    result('tag', [
      { objectID: 'eng', tagSlug: 'eng', displayText: 'Engineering', postCount: 2, queryId: qid },
    ]),
  ],
};

/** The focus stops of the popover, in Up/Down order: [data-search-item, href, text]. */
function stops(html: string) {
  return [...html.matchAll(/<a href="([^"]*)"[^>]*data-search-item="(\d+)"[^>]*>(.*?)<\/a>/g)].map((m) => [
    Number(m[2]),
    m[1]?.replace(/&amp;/g, '&'),
    m[3]
      ?.replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  ]);
}

describe('predictive search popover (spec §2)', () => {
  it('moves focus cyclically through results with Up and Down', () => {
    // From the input (-1), Down goes to the first result and Up to the last.
    expect(cycleFocus(-1, 4, 1)).toBe(0);
    expect(cycleFocus(-1, 4, -1)).toBe(3);
    expect(cycleFocus(3, 4, 1)).toBe(0);
    expect(cycleFocus(0, 4, -1)).toBe(3);
    expect(cycleFocus(1, 4, 1)).toBe(2);
    expect(cycleFocus(-1, 0, 1)).toBe(-1);
  });

  it('lists People and Tags with a More link each, skipping empty sections, in focus order', () => {
    const html = renderToStaticMarkup(<SearchPopoverContent q="ada" data={DATA} scope={null} />);
    expect(html).toContain('People');
    expect(html).not.toContain('Publications');
    expect(stops(html)).toEqual([
      [0, '/@ada', 'Ada Lovelace @ada'],
      [1, '/search/users?q=ada', 'More'],
      [2, '/tag/eng', 'Engineering'],
      [3, '/search/tags?q=ada', 'More'],
    ]);
  });

  it("scoped to a publication, shows 'From this Publication' first and 'Search all of Quire' last", () => {
    const data: SearchData = {
      ...DATA,
      results: [
        result('post', [
          {
            objectID: 'p1',
            postId: 'p1',
            title: 'Notes',
            subtitle: null,
            latestPublishedAt: 1,
            authorName: 'Ada',
            authorUsername: 'ada',
            previewImageId: null,
            queryId: qid,
          },
        ]),
        ...DATA.results,
      ],
    };
    const html = renderToStaticMarkup(
      <SearchPopoverContent q="notes" data={data} scope={{ collectionSlug: 'engines' }} />,
    );
    const all = stops(html);
    expect(html.indexOf('From this Publication')).toBeLessThan(html.indexOf('People'));
    expect(all[0]).toEqual([0, '/p/p1', 'Notes']);
    expect(all.at(-1)).toEqual([all.length - 1, '/search?q=notes', 'Search all of Quire']);
    const profile = renderToStaticMarkup(
      <SearchPopoverContent q="notes" data={data} scope={{ username: 'ada' }} />,
    );
    expect(profile).toContain('From this Profile');
  });

  it('shows results only for a non-empty query with at least one hit (spec §5)', () => {
    expect(hasResults('ada', DATA)).toBe(true);
    expect(hasResults('  ', DATA)).toBe(false);
    expect(hasResults('ada', { scope: null, results: [result('user', [])] })).toBe(false);
    expect(hasResults('ada', null)).toBe(false);
  });
});

describe('search scope and full search page (spec §2 Paths)', () => {
  it('scopes to the publication or profile of the current page', () => {
    expect(searchScopeFor('/engines')).toEqual({ collectionSlug: 'engines' });
    expect(searchScopeFor('/engines/search')).toEqual({ collectionSlug: 'engines' });
    expect(searchScopeFor('/@ada')).toEqual({ username: 'ada' });
    expect(searchScopeFor('/@ada/search')).toEqual({ username: 'ada' });
    expect(searchScopeFor('/')).toBeNull();
    expect(searchScopeFor('/search/users')).toBeNull();
    expect(searchScopeFor('/tag/engineering')).toBeNull();
  });

  it('takes the scope the server sent for the path it rendered before working one out', () => {
    rememberSearchScope('/engines/kept', { username: 'ada' });
    expect(searchScopeFor('/engines/kept')).toEqual({ username: 'ada' });
    rememberSearchScope('/@ada/kept', null);
    expect(searchScopeFor('/@ada/kept')).toBeNull();
    expect(searchScopeFor('/@ada/other')).toEqual({ username: 'ada' });
  });

  it('sends Enter to the full search page for the query, scoped to the entity and slug', () => {
    expect(fullSearchPath('ada lovelace', null)).toBe('/search?q=ada+lovelace');
    expect(fullSearchPath('notes', { collectionSlug: 'engines' })).toBe('/engines/search?q=notes');
    expect(fullSearchPath('notes', { username: 'ada' })).toBe('/@ada/search?q=notes');
    expect(fullSearchPath('ada', null, 'users')).toBe('/search/users?q=ada');
  });

  it('routes every search path to a search page under its route-table name', () => {
    expect(routeFor('/search').route.name).toBe('ShowSearch');
    expect(routeFor('/search/users').route.name).toBe('ShowSearchUsers');
    expect(routeFor('/search/publications').route.name).toBe('ShowSearchPublications');
    expect(routeFor('/search/tags').route.name).toBe('ShowSearchTags');
    expect(routeFor('/search/posts').route.name).toBe('ShowSearchPosts');
    expect(routeFor('/engines/search').route.name).toBe('ShowByCollectionSlugSearch');
    expect(routeFor('/engines/search/users').route.name).toBe('ShowByCollectionSlugSearchByCategory');
  });
});
