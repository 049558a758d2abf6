import { bookmarkTexts, quireRoutes } from '@quire/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PagedItems } from '../components/LoadMore';
import { StoryList } from '../components/StoryList';
import { useDiscoveryQueries } from '../lib/discovery-queries';
import { listMeta, READING_LIST_SLUG } from './page-params';

/** Spec §2 /me/lists: the reading list first, then the viewer's own lists (public and private). */
export function YourListsPage({ username }: { username: string }) {
  const q = useDiscoveryQueries();
  const reading = useInfiniteQuery(q.readingList());
  const lists = useInfiniteQuery(q.profileLists(username));
  const items = lists.data?.pages.flatMap((p) => p.lists) ?? [];
  return (
    <main className="q-column" data-testid="your-lists">
      <h1>{bookmarkTexts.yourLists}</h1>
      <ul className="q-lists">
        <li className="q-card">
          <a className="q-card-link" href={`/me/list/${READING_LIST_SLUG}`}>
            <h2>{bookmarkTexts.readingList}</h2>
          </a>
          <p className="q-card-meta">
            {listMeta({ itemCount: reading.data?.pages[0]?.itemCount ?? 0, isPrivate: true })}
          </p>
        </li>
      </ul>
      <PagedItems items={items} empty="" listClass="q-lists" next={lists}>
        {(list) => (
          <li key={list.id} className="q-card">
            <a
              className="q-card-link"
              href={quireRoutes.build('ShowUserList', { username, catalogSlugId: list.catalogSlugId })}
            >
              <h2>{list.name}</h2>
            </a>
            <p className="q-card-meta">{listMeta(list)}</p>
          </li>
        )}
      </PagedItems>
    </main>
  );
}

/** /me/list/reading-list: the stories the viewer saved, newest first. */
export function ReadingListPage() {
  const reading = useInfiniteQuery(useDiscoveryQueries().readingList());
  return (
    <main className="q-column" data-testid="reading-list">
      <h1>{bookmarkTexts.readingList}</h1>
      <p className="q-card-meta">
        {listMeta({ itemCount: reading.data?.pages[0]?.itemCount ?? 0, isPrivate: true })}
      </p>
      <StoryList pages={reading.data?.pages} next={reading} empty={bookmarkTexts.readingListEmpty} />
    </main>
  );
}
