import { PRODUCT_NAME, quireRoutes, searchTexts } from '@quire/domain';
import type { MouseEvent, ReactNode } from 'react';
import { fullSearchPath, type SearchData, type SearchScope } from './SearchBox';

type Result = SearchData['results'][number];
type AnyHit = Result['hits'][number];
/** A clicked hit, for spec §7 searchClickEvent and search.predictiveResultClicked. */
export interface PickedHit {
  queryId: string;
  entity: Result['entity'];
  objectID: string;
  position: number;
  href: string;
}

function hitLink(result: Result, hit: AnyHit): { href: string; label: ReactNode } {
  switch (result.entity) {
    case 'user': {
      const h = hit as Extract<Result, { entity: 'user' }>['hits'][number];
      return {
        href: quireRoutes.build('ShowUser', { username: h.username }),
        label: (
          <>
            <span className="q-search-name">{h.name}</span>{' '}
            <span className="q-search-sub">@{h.username}</span>
          </>
        ),
      };
    }
    case 'collection': {
      const h = hit as Extract<Result, { entity: 'collection' }>['hits'][number];
      return { href: quireRoutes.build('ShowCollectionHome', { collectionSlug: h.slug }), label: h.name };
    }
    case 'tag': {
      const h = hit as Extract<Result, { entity: 'tag' }>['hits'][number];
      return { href: quireRoutes.build('ShowTagPosts', { tagSlug: h.tagSlug }), label: h.displayText };
    }
    case 'post': {
      const h = hit as Extract<Result, { entity: 'post' }>['hits'][number];
      return { href: quireRoutes.build('ShowPost', { postId: h.postId }), label: h.title };
    }
  }
}

const SECTIONS = [
  { entity: 'user', title: searchTexts.people, category: 'users' },
  { entity: 'collection', title: searchTexts.publications, category: 'publications' },
  { entity: 'tag', title: searchTexts.tags, category: 'tags' },
] as const;

/**
 * Spec §2 predictive search popover: People, Publications and Tags, each with a 'More' link; scoped,
 * the post section ('From this Publication' / 'From this Profile') and a last row 'Search all of …'.
 * Every link is a focus stop with data-search-item, in the order Up and Down walk them.
 */
export function SearchPopoverContent({
  q,
  data,
  scope,
  onPick,
  itemRef,
}: {
  q: string;
  data: SearchData;
  scope: SearchScope | null;
  onPick?: (hit: PickedHit, event: MouseEvent<HTMLAnchorElement>) => void;
  itemRef?: (index: number, el: HTMLAnchorElement | null) => void;
}) {
  let index = 0;
  const item = (
    href: string,
    label: ReactNode,
    pick?: Omit<PickedHit, 'href'>,
    className = 'q-search-item',
  ) => {
    const i = index++;
    return (
      <a
        key={`${i}-${href}`}
        href={href}
        className={className}
        data-search-item={i}
        ref={itemRef ? (el) => itemRef(i, el) : undefined}
        onClick={pick && onPick ? (e) => onPick({ ...pick, href }, e) : undefined}
      >
        {label}
      </a>
    );
  };
  const section = (result: Result | undefined, title: string, more: string | null) => {
    if (!result?.hits.length) return null;
    return (
      <section className="q-search-section" key={result.entity}>
        <h3>{title}</h3>
        {result.hits.map((hit, i) => {
          const link = hitLink(result, hit);
          return item(link.href, link.label, {
            queryId: hit.queryId,
            entity: result.entity,
            objectID: hit.objectID,
            position: i + 1,
          });
        })}
        {more ? item(more, searchTexts.more, undefined, 'q-search-more') : null}
      </section>
    );
  };
  const byEntity = (entity: Result['entity']) => data.results.find((r) => r.entity === entity);
  const posts = byEntity('post');
  return (
    <>
      {scope
        ? section(
            posts,
            'collectionSlug' in scope ? searchTexts.fromThisPublication : searchTexts.fromThisProfile,
            null,
          )
        : null}
      {SECTIONS.map((s) => section(byEntity(s.entity), s.title, fullSearchPath(q, null, s.category)))}
      {scope ? (
        <div className="q-search-section">
          {item(fullSearchPath(q, null), searchTexts.searchAll(PRODUCT_NAME), undefined, 'q-search-all')}
        </div>
      ) : null}
    </>
  );
}
