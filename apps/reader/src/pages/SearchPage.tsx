import { HOME_MODULE_SIZES, homeTexts, PRODUCT_NAME, quireRoutes, searchTexts } from '@quire/domain';
import { Avatar } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { TopicChips, useHomeModules, WriterSuggestions } from '../components/HomeModules';
import { StoryThumbnail } from '../components/PostCardItem';
import { fullSearchPath, type SearchData } from '../components/SearchBox';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { isSearchCategory, SEARCH_CATEGORIES, type SearchCategory, searchPageInput } from './page-params';

const TAB_LABELS: Record<SearchCategory, string> = {
  posts: 'Stories',
  users: searchTexts.people,
  publications: searchTexts.publications,
  tags: searchTexts.tags,
};

function Hits({ data }: { data: SearchData }) {
  const result = data.results[0];
  if (!result?.hits.length) return null;
  switch (result.entity) {
    case 'user':
      return result.hits.map((h) => (
        <li key={h.objectID} className="q-search-result q-search-result-entity">
          <Avatar name={h.name} imageId={h.imageId} size="S" lazy />
          <div>
            <a href={quireRoutes.build('ShowUser', { username: h.username })}>
              <strong>{h.name}</strong> <span className="q-search-sub">@{h.username}</span>
            </a>
            {h.bio ? <p>{h.bio}</p> : null}
          </div>
        </li>
      ));
    case 'collection':
      return result.hits.map((h) => (
        <li key={h.objectID} className="q-search-result q-search-result-entity">
          <Avatar name={h.name} imageId={h.imageId} size="S" shape="square" lazy />
          <div>
            <a href={quireRoutes.build('ShowCollectionHome', { collectionSlug: h.slug })}>
              <strong>{h.name}</strong>
            </a>
            {h.description ? <p>{h.description}</p> : null}
          </div>
        </li>
      ));
    case 'tag':
      return result.hits.map((h) => (
        <li key={h.objectID} className="q-search-result">
          <a href={quireRoutes.build('ShowTagPosts', { tagSlug: h.tagSlug })}>
            <strong>{h.displayText}</strong>
          </a>{' '}
          <span className="q-search-sub">{h.postCount} stories</span>
        </li>
      ));
    case 'post':
      return result.hits.map((h) => {
        const href = quireRoutes.build('ShowPost', { postId: h.postId });
        return (
          <li key={h.objectID} className="q-search-result q-search-result-story">
            <div>
              <a href={href}>
                <strong>{h.title}</strong>
              </a>
              {h.subtitle ? <p>{h.subtitle}</p> : null}
              <p className="q-search-sub">
                {h.authorName} ·{' '}
                {new Date(h.latestPublishedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
              </p>
            </div>
            {/* The hit does not say whether the story is members-only: never preloaded (that could spend a free story). */}
            {h.previewImageId ? (
              <StoryThumbnail imageId={h.previewImageId} href={href} preload="none" />
            ) : null}
          </li>
        );
      });
  }
}

/** A search with no hits: the next step is a topic to explore or a writer to follow. */
function SearchEmpty({ query }: { query: string }) {
  const { data } = useHomeModules();
  const topics = data?.recommendedTopics.topics ?? [];
  const people = data?.topWriters.people.slice(0, HOME_MODULE_SIZES.suggestedWriters) ?? [];
  return (
    <div className="q-search-empty" data-testid="search-empty">
      <p>{homeTexts.searchNoResults(query)}</p>
      {topics.length ? (
        <section aria-labelledby="q-search-try-topics" data-module-type={data?.recommendedTopics.moduleType}>
          <h2 id="q-search-try-topics">{homeTexts.searchTryTopics}</h2>
          <TopicChips topics={topics} />
        </section>
      ) : null}
      {people.length ? (
        <section aria-labelledby="q-search-try-writers" data-module-type={data?.topWriters.moduleType}>
          <h2 id="q-search-try-writers">{homeTexts.searchTryWriters}</h2>
          <WriterSuggestions people={people} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * Spec §2 Paths Search: /search[/{category}] and /{collectionSlug}/search[/{category}] with ?q=, rendered
 * on the server. A scoped search looks through the publication's or profile's stories; the other
 * categories stay site-wide.
 */
export function SearchPage({
  category,
  scopeSlug,
  query,
}: {
  category: string | undefined;
  scopeSlug: string | undefined;
  query: URLSearchParams;
}) {
  const trpc = useTRPC();
  const input = searchPageInput({ category, scope: scopeSlug }, query);
  const enabled = input.q.trim() !== '' && isSearchCategory(category);
  const search = useQuery({ ...trpc.search.query.queryOptions(input, { staleTime: 60_000 }), enabled });
  if (!isSearchCategory(category) || search.error?.data?.code === 'NOT_FOUND') return <NotFoundPage />;
  const scope = input.scope;
  const current = (category ?? 'posts') as SearchCategory;
  const pathFor = (c: SearchCategory) => fullSearchPath(input.q, scope, c === 'posts' ? undefined : c);
  const data = search.data;
  const scopeName = data?.scope?.name;
  const empty = enabled && data && !data.results.some((r) => r.hits.length);
  const next = new URLSearchParams(query);
  next.set('page', String(input.page + 2));
  return (
    <main className="q-column q-search-page" data-testid="search">
      <search>
        <form method="get" className="q-search-page-form">
          <input
            type="search"
            name="q"
            defaultValue={input.q}
            placeholder={scopeName ? `Search ${scopeName}` : `Search ${PRODUCT_NAME}`}
            aria-label="Search"
          />
        </form>
      </search>
      {input.q.trim() ? (
        <h1 className="q-search-heading">
          Results for <span>{input.q}</span>
          {scopeName ? <> in {scopeName}</> : null}
        </h1>
      ) : null}
      <nav className="q-tabs" aria-label="Search categories">
        {(Object.keys(SEARCH_CATEGORIES) as SearchCategory[]).map((c) => (
          <a key={c} href={pathFor(c)} aria-current={c === current ? 'page' : undefined}>
            {TAB_LABELS[c]}
          </a>
        ))}
      </nav>
      {data ? (
        <ul className="q-search-results">
          <Hits data={data} />
        </ul>
      ) : null}
      {empty ? <SearchEmpty query={input.q} /> : null}
      {data?.results[0]?.hasMore ? (
        <a className="q-search-next" href={`?${next}`}>
          Next page
        </a>
      ) : null}
      {scope && input.q.trim() ? (
        <p>
          <a href={fullSearchPath(input.q, null)}>{searchTexts.searchAll(PRODUCT_NAME)}</a>
        </p>
      ) : null}
    </main>
  );
}
