import { lazyPage } from '../lib/lazy-page';
import type { PageRoute, PrefetchContext } from '../routes';
import { isSearchCategory, searchPageInput } from './page-params';

const SearchPage = lazyPage(
  'src/pages/SearchPage.tsx',
  () => import('./SearchPage'),
  (m) => m.SearchPage,
);

async function prefetchSearch(ctx: PrefetchContext, params: Record<string, string | undefined>) {
  const category = params.category;
  if (!isSearchCategory(category)) return 404;
  if (params.collectionSlug === '@') return 404;
  const input = searchPageInput({ category, scope: params.collectionSlug }, ctx.query);
  if (!input.q.trim()) return 200;
  try {
    await ctx.queryClient.fetchQuery(ctx.trpc.search.query.queryOptions(input));
    return 200;
  } catch {
    // The only failure a reader causes is an unknown publication or profile in the path.
    return 404;
  }
}

const searchRoute = (path: string, name: string, category?: string): PageRoute => ({
  path,
  name,
  render: ({ params, query }) => (
    <SearchPage category={category ?? params.category} scopeSlug={params.collectionSlug} query={query} />
  ),
  prefetch: (ctx, params) => prefetchSearch(ctx, { ...params, category: category ?? params.category }),
  head: (ctx) => {
    const q = (ctx.query.get('q') ?? '').trim();
    return { title: q ? `${q} – Search` : 'Search' };
  },
});

/**
 * Spec §2 Paths Search, under the route table's names: /search, /search/users, /search/publications,
 * /search/tags, /search/posts and /{collectionSlug}/search[/{category}], each with ?q=.
 */
export const searchRoutes: PageRoute[] = [
  searchRoute('/search', 'ShowSearch'),
  searchRoute('/search/users', 'ShowSearchUsers', 'users'),
  searchRoute('/search/publications', 'ShowSearchPublications', 'publications'),
  searchRoute('/search/tags', 'ShowSearchTags', 'tags'),
  searchRoute('/search/posts', 'ShowSearchPosts', 'posts'),
  searchRoute('/:collectionSlug/search', 'ShowByCollectionSlugSearch'),
  searchRoute('/:collectionSlug/search/:category', 'ShowByCollectionSlugSearchByCategory'),
];
