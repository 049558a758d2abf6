import { bookmarkTexts, listTexts, quireRoutes } from '@quire/domain';
import { buttonClass } from '@quire/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListCard } from '../components/ListCard';
import { PagedItems } from '../components/LoadMore';
import { NewListForm } from '../components/SaveChoices';
import { StoryList } from '../components/StoryList';
import { useDiscoveryQueries } from '../lib/discovery-queries';
import { failureMessage, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';
import { listMeta, READING_LIST_SLUG } from './page-params';

/** The two tabs of the viewer's lists: their own (/me/lists) and those they follow (/me/lists/following). */
function ListsTabs({ current }: { current: 'own' | 'following' }) {
  const tabs = [
    { key: 'own', href: '/me/lists', label: listTexts.yourListsTab },
    { key: 'following', href: '/me/lists/following', label: listTexts.followedTab },
  ] as const;
  return (
    <nav className="q-tabs" aria-label={bookmarkTexts.yourLists}>
      {tabs.map((tab) => (
        <a key={tab.key} href={tab.href} aria-current={tab.key === current ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

/** Spec §2 /me/lists: the reading list first, then the viewer's own lists (public and private), and a new one. */
export function YourListsPage({ username }: { username: string }) {
  const q = useDiscoveryQueries();
  const client = useTRPCClient();
  const reading = useInfiniteQuery(q.readingList());
  const lists = useInfiniteQuery(q.profileLists(username));
  const items = lists.data?.pages.flatMap((p) => p.lists) ?? [];
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);

  const create = async (name: string, isPrivate: boolean) => {
    setBusy(true);
    try {
      const list = await client.lists.create.mutate({ name, isPrivate });
      toast(listTexts.created(list.name));
      window.location.assign(
        quireRoutes.build('ShowUserList', { username, catalogSlugId: list.catalogSlugId }),
      );
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
      setBusy(false);
    }
  };

  return (
    <main className="q-column" data-testid="your-lists">
      <div className="q-page-heading">
        <h1>{bookmarkTexts.yourLists}</h1>
        {creating ? null : (
          <button type="button" className={buttonClass('accent', 's')} onClick={() => setCreating(true)}>
            {listTexts.newList}
          </button>
        )}
      </div>
      {creating ? (
        <NewListForm busy={busy} onCreate={(n, p) => void create(n, p)} onCancel={() => setCreating(false)} />
      ) : null}
      <ListsTabs current="own" />
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
        {(list) => <ListCard key={list.id} list={list} />}
      </PagedItems>
    </main>
  );
}

/** Spec §2 /me/lists/following: other readers' lists the viewer follows, most recently followed first. */
export function FollowedListsPage() {
  const trpc = useTRPC();
  const lists = useInfiniteQuery(
    trpc.lists.following.infiniteQueryOptions({}, { getNextPageParam: (last) => last.next }),
  );
  return (
    <main className="q-column" data-testid="followed-lists">
      <h1>{listTexts.followedLists}</h1>
      <ListsTabs current="following" />
      <PagedItems
        items={lists.data?.pages.flatMap((p) => p.lists) ?? []}
        empty={lists.isSuccess ? listTexts.followedListsEmpty : null}
        listClass="q-lists"
        next={lists}
      >
        {(list) => <ListCard key={list.id} list={list} byline />}
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
