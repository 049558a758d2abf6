import type { RouterOutputs } from '@quire/api';
import { useSessionStore } from '@quire/client-state';
import {
  compactCount,
  LIST_DESCRIPTION_MAX,
  LIST_ITEM_NOTE_MAX,
  LIST_NAME_MAX,
  listTexts,
  pageFeeds,
  quireRoutes,
  responseTexts,
  type ShareChannel,
  shareTexts,
  storyCardTexts,
} from '@quire/domain';
import { Avatar, buttonClass, ClapIcon } from '@quire/ui';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FeedLink } from '../components/FeedLink';
import { ListCard } from '../components/ListCard';
import { PagedItems } from '../components/LoadMore';
import { PostCardItem } from '../components/PostCardItem';
import { ResponsesSection } from '../components/ResponsesSection';
import { useSavedOnPages } from '../components/SaveButton';
import { ShareLinks } from '../components/ShareLinks';
import { useDiscoveryQueries } from '../lib/discovery-queries';
import { attempt, openSignUp, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { followers, ProfileLayout } from './ProfilePage';
import { listMeta } from './page-params';

type List = RouterOutputs['discovery']['profile']['list'];
type ListItem = RouterOutputs['discovery']['profile']['listItems']['posts'][number];

/**
 * Spec §2 /@{username}/list/{catalogSlugId}: one list, its creator and description, its stories in the
 * creator's order with their notes. Its creator edits, reorders and annotates it here; other readers follow it
 * and clap for it. A private list is a 404 to anyone else.
 */
export function ProfileListPage({ username, catalogSlugId }: { username: string; catalogSlugId: string }) {
  const q = useDiscoveryQueries();
  const list = useQuery(q.profileList(username, catalogSlugId));
  if (list.isError) return <NotFoundPage />;
  return (
    <ProfileLayout username={username} tab="lists">
      {() =>
        list.data ? <ListView list={list.data} username={username} catalogSlugId={catalogSlugId} /> : null
      }
    </ProfileLayout>
  );
}

function ListView({
  list,
  username,
  catalogSlugId,
}: {
  list: List;
  username: string;
  catalogSlugId: string;
}) {
  const q = useDiscoveryQueries();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const stories = useInfiniteQuery(q.profileListItems(username, catalogSlugId));
  const edge = useQuery({ ...trpc.lists.viewerEdge.queryOptions({ catalogId: list.id }), enabled: signedIn });
  const client = useTRPCClient();
  const [editing, setEditing] = useState(false);
  const canEdit = !!edge.data?.canEdit;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: q.profileList(username, catalogSlugId).queryKey }),
      queryClient.invalidateQueries({ queryKey: q.profileListItems(username, catalogSlugId).queryKey }),
      queryClient.invalidateQueries({ queryKey: trpc.lists.viewerEdge.queryKey({ catalogId: list.id }) }),
    ]);
  const items = stories.data?.pages.flatMap((p) => p.posts) ?? [];
  const saves = useSavedOnPages(stories.data?.pages);

  return (
    <section aria-label={list.name} data-testid="list">
      <header className="q-list-header">
        <h2 className="q-list-title">{list.name}</h2>
        <p className="q-card-byline">
          <a href={quireRoutes.build('ShowUser', { username: list.creator.username })}>
            <Avatar name={list.creator.name} imageId={list.creator.imageId} size="XXXS" />{' '}
            {listTexts.by(list.creator.name)}
          </a>
        </p>
        {list.description ? <p className="q-list-description">{list.description}</p> : null}
        <p className="q-card-meta">
          {listMeta(list)}
          {list.followerCount ? ` · ${followers(list.followerCount)}` : ''}
        </p>
        {list.isPrivate ? null : (
          <p className="q-list-links">
            <a href={`${quireRoutes.build('ShowUserList', { username, catalogSlugId })}/share/twitter`}>
              {listTexts.share}
            </a>
            <FeedLink feed={pageFeeds.list(list)} />
          </p>
        )}
        {canEdit ? (
          editing ? (
            <ListEditor
              list={list}
              onDone={async (deleted) => {
                setEditing(false);
                if (deleted) window.location.assign('/me/lists');
                else await refresh();
              }}
            />
          ) : (
            <div className="q-list-actions">
              <button type="button" className={buttonClass('outline', 's')} onClick={() => setEditing(true)}>
                {listTexts.edit}
              </button>
              <button
                type="button"
                className={buttonClass('text', 's')}
                onClick={() =>
                  void attempt(() =>
                    client.lists.setDiscussionClosed.mutate({
                      catalogId: list.id,
                      closed: !list.responsesLocked,
                    }),
                  ).then(refresh)
                }
              >
                {list.responsesLocked ? responseTexts.reopenDiscussion : responseTexts.closeDiscussion}
              </button>
            </div>
          )
        ) : (
          <ListEngagement list={list} edge={edge.data} onChange={refresh} />
        )}
      </header>
      <PagedItems items={items} empty={listTexts.empty} next={stories} listClass="q-list-items">
        {(post, index) => (
          <li key={post.listItem.id} className="q-list-item">
            <PostCardItem post={post} eager={index < 3} save={saves.get(post.id)} />
            {canEdit ? (
              <ItemTools
                list={list}
                item={post}
                before={items[index - 2]?.listItem.id ?? null}
                isFirst={index === 0}
                after={items[index + 1]?.listItem.id ?? null}
                onChange={refresh}
              />
            ) : post.listItem.note ? (
              <p className="q-list-item-note">{post.listItem.note}</p>
            ) : null}
          </li>
        )}
      </PagedItems>
      {list.isPrivate ? null : (
        <ResponsesSection
          parent={{ kind: 'list', id: list.id }}
          responsesCount={list.responsesCount}
          canHideResponses={canEdit}
          discussionClosed={list.responsesLocked}
        />
      )}
    </section>
  );
}

/** Following the list and clapping for it (spec §1 ClapTarget CATALOG); visitors are asked to sign up. */
function ListEngagement({
  list,
  edge,
  onChange,
}: {
  list: List;
  edge: RouterOutputs['lists']['viewerEdge'] | undefined;
  onChange: () => unknown;
}) {
  const client = useTRPCClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const [busy, setBusy] = useState(false);
  const [claps, setClaps] = useState<number | null>(null);
  if (signedIn && !edge?.canEngage) return null;
  const act = async (work: () => Promise<unknown>) => {
    if (!signedIn) return openSignUp();
    setBusy(true);
    if (await attempt(work)) await onChange();
    setBusy(false);
  };
  const following = !!edge?.isFollowing;
  const clapCount = claps ?? list.clapCount;
  return (
    <div className="q-list-actions">
      <button
        type="button"
        className={buttonClass(following ? 'outline' : 'dark', 's')}
        aria-pressed={following}
        disabled={busy}
        onClick={() =>
          void act(() => client.lists.follow.mutate({ catalogId: list.id, following: !following }))
        }
      >
        {following ? listTexts.following : listTexts.follow}
      </button>
      <button
        type="button"
        className="q-link-button q-claps"
        disabled={busy}
        onClick={() =>
          void act(async () =>
            setClaps((await client.lists.clap.mutate({ catalogId: list.id, count: 1 })).clapCount),
          )
        }
      >
        <ClapIcon size={20} />
        <span aria-hidden="true">{compactCount(clapCount)}</span>
        <span className="q-visually-hidden">{storyCardTexts.claps(clapCount)}</span>
      </button>
    </div>
  );
}

/** The creator's form: name, description, privacy; and deleting the list. `onDone(true)` after a delete. */
function ListEditor({ list, onDone }: { list: List; onDone: (deleted: boolean) => unknown }) {
  const client = useTRPCClient();
  const [name, setName] = useState(list.name);
  const [description, setDescription] = useState(list.description);
  const [isPrivate, setPrivate] = useState(list.isPrivate);
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const ok = await attempt(() =>
      client.lists.update.mutate({ catalogId: list.id, name, description, isPrivate }),
    );
    setBusy(false);
    if (ok) {
      toast(listTexts.saved);
      await onDone(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(listTexts.deleteConfirm)) return;
    setBusy(true);
    const ok = await attempt(() => client.lists.delete.mutate({ catalogId: list.id }));
    setBusy(false);
    if (ok) {
      toast(listTexts.deleted);
      await onDone(true);
    }
  };
  return (
    <form className="q-list-edit" onSubmit={(e) => void save(e)} data-testid="list-editor">
      <label className="q-field">
        {listTexts.name}
        <input value={name} maxLength={LIST_NAME_MAX} required onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="q-field">
        {listTexts.description}
        <textarea
          value={description}
          maxLength={LIST_DESCRIPTION_MAX}
          placeholder={listTexts.descriptionPlaceholder}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <label className="q-new-list-private">
        <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
        {listTexts.makePrivate}
      </label>
      <p className="q-field-hint">{listTexts.privateHint}</p>
      <div className="q-list-actions">
        <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !name.trim()}>
          {listTexts.save}
        </button>
        <button type="button" className={buttonClass('outline', 's')} onClick={() => void onDone(false)}>
          {listTexts.cancel}
        </button>
        <button
          type="button"
          className={buttonClass('text', 's')}
          disabled={busy}
          onClick={() => void remove()}
        >
          {listTexts.deleteList}
        </button>
      </div>
    </form>
  );
}

/**
 * The creator's tools on one item: move it up or down (after the item two places up, or the next one), its
 * note, and taking it out.
 */
function ItemTools({
  list,
  item,
  before,
  isFirst,
  after,
  onChange,
}: {
  list: List;
  item: ListItem;
  before: string | null;
  isFirst: boolean;
  after: string | null;
  onChange: () => unknown;
}) {
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState(item.listItem.note ?? '');
  const catalogId = list.id;
  const itemId = item.listItem.id;
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    if (await attempt(work)) await onChange();
    setBusy(false);
  };
  return (
    <>
      {noting ? (
        <form
          className="q-list-item-note"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => client.lists.setItemNote.mutate({ catalogId, itemId, note })).then(() =>
              setNoting(false),
            );
          }}
        >
          <label className="q-field">
            <span className="q-visually-hidden">{listTexts.addNote}</span>
            <textarea
              value={note}
              maxLength={LIST_ITEM_NOTE_MAX}
              placeholder={listTexts.notePlaceholder}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <button type="submit" className={buttonClass('dark', 's')} disabled={busy}>
            {listTexts.saveNote}
          </button>
        </form>
      ) : item.listItem.note ? (
        <p className="q-list-item-note">{item.listItem.note}</p>
      ) : null}
      <div className="q-list-item-tools">
        <button
          type="button"
          className="q-link-button"
          disabled={busy || isFirst}
          onClick={() =>
            void act(() => client.lists.moveItem.mutate({ catalogId, itemId, afterItemId: before }))
          }
        >
          {listTexts.moveUp}
        </button>
        <button
          type="button"
          className="q-link-button"
          disabled={busy || !after}
          onClick={() =>
            void act(() => client.lists.moveItem.mutate({ catalogId, itemId, afterItemId: after }))
          }
        >
          {listTexts.moveDown}
        </button>
        <button type="button" className="q-link-button" disabled={busy} onClick={() => setNoting(!noting)}>
          {item.listItem.note ? listTexts.editNote : listTexts.addNote}
        </button>
        <button
          type="button"
          className="q-link-button"
          disabled={busy}
          onClick={() =>
            void act(() => client.lists.setItem.mutate({ catalogId, postId: item.id, listed: false })).then(
              () => toast(listTexts.removedFrom(list.name)),
            )
          }
        >
          {listTexts.removeItem}
        </button>
      </div>
    </>
  );
}

/** Spec §2 /collections: public lists readers made, most followed first. */
export function CollectionsPage() {
  const lists = useInfiniteQuery(useDiscoveryQueries().popularLists());
  return (
    <main className="q-column" data-testid="collections">
      <h1>{listTexts.collectionsTitle}</h1>
      <p className="q-list-description">{listTexts.collectionsLead}</p>
      <PagedItems
        items={lists.data?.pages.flatMap((p) => p.lists) ?? []}
        empty={lists.isSuccess ? listTexts.listsEmpty : null}
        listClass="q-lists"
        next={lists}
      >
        {(list) => <ListCard key={list.id} list={list} byline />}
      </PagedItems>
    </main>
  );
}

/** Spec §2 /collections/{catalogSlug}: a list by its slug-id, shown as on its creator's profile. */
export function CollectionListPage({ catalogSlugId }: { catalogSlugId: string }) {
  const list = useQuery(useDiscoveryQueries().listBySlugId(catalogSlugId));
  if (list.isError) return <NotFoundPage />;
  return list.data ? (
    <ProfileListPage username={list.data.creator.username} catalogSlugId={list.data.catalogSlugId} />
  ) : null;
}

/** Spec §2 /@{username}/list/{catalogSlug}/share/{channel}: sharing a list the reader may see to a network. */
export function ListSharePage({
  username,
  catalogSlugId,
  channel,
}: {
  username: string;
  catalogSlugId: string;
  channel: ShareChannel;
}) {
  const q = useDiscoveryQueries();
  const list = useQuery(q.profileList(username, catalogSlugId));
  const share = useQuery({ ...q.listShareLinks(list.data?.id ?? ''), enabled: !!list.data });
  if (list.isError) return <NotFoundPage />;
  const listPath = quireRoutes.build('ShowUserList', { username, catalogSlugId });
  return (
    <ProfileLayout username={username} tab="lists">
      {() =>
        list.data ? (
          <section aria-label={shareTexts.pageTitle(list.data.name)}>
            <p>
              <a href={listPath}>{listTexts.backToList(list.data.name)}</a>
            </p>
            <h2 className="q-list-title">{shareTexts.pageTitle(list.data.name)}</h2>
            {share.data ? (
              <ShareLinks
                share={share.data}
                channel={channel}
                linkLabel={listTexts.listLink}
                pathFor={(c) => `${listPath}/share/${c}`}
              />
            ) : null}
          </section>
        ) : null
      }
    </ProfileLayout>
  );
}
