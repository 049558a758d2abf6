/**
 * What the route table needs of the pages without loading them: page sizes, path parsing and titles. Page
 * components are loaded on demand (see lib/lazy-page.tsx), so routes import from here, not from the pages.
 */
import type { SearchScope } from '../components/SearchBox';

/** Stories on one page of the home feeds. */
export const HOME_PAGE_SIZE = 20;

/** '@ada' → 'ada'; null when the path segment does not name a profile. */
export function profileUsername(segment: string | undefined): string | null {
  return segment?.startsWith('@') && segment.length > 1 ? segment.slice(1) : null;
}

/** The tabs of /me/stories/{filterBy}, in order. */
export const STORY_TABS = [
  { filterBy: 'drafts', label: 'Drafts' },
  { filterBy: 'public', label: 'Published' },
  { filterBy: 'unlisted', label: 'Unlisted' },
  { filterBy: 'responses', label: 'Responses' },
  { filterBy: 'deleted', label: 'Deleted' },
] as const;
export type StoryTab = (typeof STORY_TABS)[number]['filterBy'];

/** Spec §2 Paths: the search categories; no category means post search. */
export const SEARCH_CATEGORIES = {
  posts: 'post',
  users: 'user',
  publications: 'collection',
  tags: 'tag',
} as const;
export type SearchCategory = keyof typeof SEARCH_CATEGORIES;

/** Hits on one page of a full search page. */
export const SEARCH_PAGE_SIZE = 20;

export const isSearchCategory = (value: string | undefined): value is SearchCategory =>
  value === undefined || Object.hasOwn(SEARCH_CATEGORIES, value);

/** The scope of '/{collectionSlug}/search…' ('@ada' names a profile). */
export function searchPageScope(slug: string | undefined): SearchScope | null {
  if (!slug) return null;
  if (slug.startsWith('@')) return slug.length > 1 ? { username: slug.slice(1) } : null;
  return { collectionSlug: slug };
}

/** The search router input of a search page; the server prefetch and the page must agree on it. */
export function searchPageInput(params: { category?: string; scope?: string }, query: URLSearchParams) {
  const category = (params.category ?? 'posts') as SearchCategory;
  const page = Math.min(Math.max(Number.parseInt(query.get('page') ?? '1', 10) || 1, 1), 100);
  return {
    q: (query.get('q') ?? '').slice(0, 500),
    scope: searchPageScope(params.scope),
    entities: [SEARCH_CATEGORIES[category] ?? 'post'],
    hitsPerPage: SEARCH_PAGE_SIZE,
    page: page - 1,
  };
}

/** Not from the spec (it gives the paths only): the discovery pages' titles. */
export const discoveryPageTexts = {
  topics: 'Topics',
  trending: 'Trending',
  topStories: 'Top stories',
  previousDay: '← Previous day',
  nextDay: 'Next day →',
} as const;

/** '1 story', '2 stories'. */
export const storyCount = (n: number) => `${n} ${n === 1 ? 'story' : 'stories'}`;

/** A list's story count, and 'Private' when only its owner sees it. */
export const listMeta = (list: { itemCount: number; isPrivate: boolean }) =>
  `${storyCount(list.itemCount)}${list.isPrivate ? ' · Private' : ''}`;

/** /me/list/{catalogSlugId} of the reading list (spec §3 predefined READING_LIST). */
export const READING_LIST_SLUG = 'reading-list';
