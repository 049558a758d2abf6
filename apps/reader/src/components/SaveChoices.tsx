import { bookmarkTexts, LIST_NAME_MAX, listTexts } from '@quire/domain';
import { buttonClass, useFocusTrap } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { failureMessage, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';

/**
 * The choice 'Save' opens: the reading list and each of the reader's lists as a checkbox, and a new list made on
 * the spot with the story in it. `onSaved` hears whether the story is now saved anywhere (the icon's fill).
 */
export function SaveChoices({
  postId,
  onSaved,
  onClose,
}: {
  postId: string;
  onSaved: (saved: boolean) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const titleId = useId();
  const panelRef = useFocusTrap<HTMLDivElement>(true, { onEscape: onClose });
  const options = trpc.lists.saveChoices.queryOptions({ postId }, { staleTime: 0 });
  const choices = useQuery(options);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);

  // A click outside the panel closes it, as Escape does.
  useEffect(() => {
    const onDown = (event: MouseEvent) => {
      // The Save button beside the panel toggles it itself.
      const around = panelRef.current?.parentElement;
      if (around && event.target instanceof Node && !around.contains(event.target)) onClose();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [onClose, panelRef]);

  type Choices = NonNullable<typeof choices.data>;
  const update = (change: (old: Choices) => Choices) => {
    const next = queryClient.setQueryData(options.queryKey, (old) => (old ? change(old) : old));
    if (next) onSaved(next.readingList || next.lists.some((l) => l.hasStory));
  };

  /** Shows `change` at once, then makes it on the server; a refusal puts things back and says why. */
  const optimistic = async (change: (old: Choices) => Choices, work: () => Promise<string>) => {
    const before = queryClient.getQueryData(options.queryKey);
    update(change);
    setBusy(true);
    try {
      toast(await work());
    } catch (error) {
      if (before) update(() => before);
      toast(failureMessage(error), 'ERROR');
    } finally {
      setBusy(false);
    }
  };

  const toggleReadingList = (saved: boolean) =>
    optimistic(
      (old) => ({ ...old, readingList: saved }),
      async () => {
        await client.posts.bookmark.mutate({ postId, saved });
        return saved ? bookmarkTexts.savedToast : bookmarkTexts.removedToast;
      },
    );

  const toggleList = (catalogId: string, listed: boolean) =>
    optimistic(
      (old) => ({
        ...old,
        lists: old.lists.map((l) => (l.id === catalogId ? { ...l, hasStory: listed } : l)),
      }),
      async () => {
        const answer = await client.lists.setItem.mutate({ catalogId, postId, listed });
        return listed ? listTexts.savedTo(answer.name) : listTexts.removedFrom(answer.name);
      },
    );

  const create = async (name: string, isPrivate: boolean) => {
    setBusy(true);
    try {
      const list = await client.lists.create.mutate({ name, isPrivate });
      await client.lists.setItem.mutate({ catalogId: list.id, postId, listed: true });
      update((old) => ({
        ...old,
        lists: [{ id: list.id, name: list.name, isPrivate, hasStory: true }, ...old.lists],
      }));
      setCreating(false);
      toast(listTexts.savedTo(list.name));
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-labelledby={titleId}
      className="q-save-choices"
      data-testid="save-choices"
    >
      <h2 id={titleId} className="q-save-choices-title">
        {listTexts.saveTo}
      </h2>
      {choices.data ? (
        <ul className="q-save-choices-lists">
          <li>
            <label>
              <input
                type="checkbox"
                checked={choices.data.readingList}
                disabled={busy}
                onChange={(e) => void toggleReadingList(e.target.checked)}
              />
              {bookmarkTexts.readingList}
            </label>
          </li>
          {choices.data.lists.map((list) => (
            <li key={list.id}>
              <label>
                <input
                  type="checkbox"
                  checked={list.hasStory}
                  disabled={busy}
                  onChange={(e) => void toggleList(list.id, e.target.checked)}
                />
                {list.name}
                {list.isPrivate ? <span className="q-card-meta"> · Private</span> : null}
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="q-card-meta">…</p>
      )}
      {creating ? (
        <NewListForm busy={busy} onCreate={(n, p) => void create(n, p)} onCancel={() => setCreating(false)} />
      ) : (
        <button type="button" className="q-link-button q-save-choices-new" onClick={() => setCreating(true)}>
          {listTexts.newList}
        </button>
      )}
    </div>
  );
}

/** A new list's name and privacy; the description can be added on the list's page. */
export function NewListForm({
  busy,
  onCreate,
  onCancel,
}: {
  busy: boolean;
  onCreate: (name: string, isPrivate: boolean) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onCreate(name, isPrivate);
  };
  return (
    <form className="q-new-list-form" onSubmit={submit}>
      <label className="q-field">
        <span className="q-visually-hidden">{listTexts.name}</span>
        <input
          placeholder={listTexts.namePlaceholder}
          maxLength={LIST_NAME_MAX}
          value={name}
          data-autofocus
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="q-new-list-private">
        <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
        {listTexts.makePrivate}
      </label>
      <div className="q-new-list-actions">
        <button type="button" className={buttonClass('outline', 's')} onClick={onCancel}>
          {listTexts.cancel}
        </button>
        <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !name.trim()}>
          {listTexts.createList}
        </button>
      </div>
    </form>
  );
}
