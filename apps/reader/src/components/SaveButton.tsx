import { useSessionStore } from '@quire/client-state';
import { bookmarkTexts } from '@quire/domain';
import { BookmarkIcon, BookmarkSavedIcon } from '@quire/ui';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { lazyModule } from '../lib/lazy-module';
import { failureMessage, openSignUp, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';

// The choice of lists loads with the first Save, not with the page.
const choices = lazyModule(() => import('./SaveChoices'));

/**
 * Spec §1 Bookmark: Save puts the story on the reader's reading list at once and opens the choice of their lists
 * (Saved opens the choice alone, to take it off or file it elsewhere). The icon is filled while the story is
 * saved anywhere. Visitors get the sign-up flow. A page of cards asks that once for all of them (`useSavedOnPages`)
 * and gives each card's button its answer (`SaveToggle`).
 */
export function SaveButton({ postId, size = 24 }: { postId: string; size?: number }) {
  const trpc = useTRPC();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const saved = useQuery({ ...trpc.lists.saved.queryOptions({ postIds: [postId] }), enabled: signedIn });
  return (
    <SaveToggle postId={postId} pageIds={[postId]} saved={!!saved.data?.saved.includes(postId)} size={size} />
  );
}

/** Each card's save state on pages of cards, by story: one question per page of them, however many cards. */
export function useSavedOnPages(
  pages: { posts: { id: string }[] }[] | undefined,
): Map<string, { pageIds: string[]; saved: boolean }> {
  const trpc = useTRPC();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const idsOfPages = (pages ?? []).map((page) => page.posts.map((p) => p.id));
  const answers = useQueries({
    queries: idsOfPages.map((postIds) => ({
      ...trpc.lists.saved.queryOptions({ postIds }),
      enabled: signedIn,
    })),
  });
  const byPost = new Map<string, { pageIds: string[]; saved: boolean }>();
  idsOfPages.forEach((pageIds, i) => {
    const saved = new Set(answers[i]?.data?.saved);
    for (const id of pageIds) byPost.set(id, { pageIds, saved: saved.has(id) });
  });
  return byPost;
}

/** The Save button of a story whose save state its page has (`pageIds`: the question it was asked in). */
export function SaveToggle({
  postId,
  pageIds,
  saved,
  size = 24,
}: {
  postId: string;
  pageIds: string[];
  saved: boolean;
  size?: number;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const Choices = choices.use(open)?.SaveChoices;

  const setSaved = (now: boolean) =>
    queryClient.setQueryData(trpc.lists.saved.queryKey({ postIds: pageIds }), (old) => {
      const others = (old?.saved ?? []).filter((id) => id !== postId);
      return { saved: now ? [...others, postId] : others };
    });

  const onClick = async () => {
    if (!signedIn) {
      openSignUp();
      return;
    }
    void choices.load();
    if (saved) {
      setOpen(!open);
      return;
    }
    setBusy(true);
    setSaved(true);
    try {
      await client.posts.bookmark.mutate({ postId, saved: true });
      toast(bookmarkTexts.savedToast);
      setOpen(true);
    } catch (error) {
      setSaved(false);
      toast(failureMessage(error), 'ERROR');
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="q-save">
      <button
        type="button"
        className="q-link-button q-save-button"
        aria-pressed={saved}
        aria-expanded={open}
        disabled={busy}
        data-testid="save-button"
        onClick={() => void onClick()}
      >
        {saved ? <BookmarkSavedIcon size={size} filled /> : <BookmarkIcon size={size} />}
        <span className="q-visually-hidden">{saved ? bookmarkTexts.saved : bookmarkTexts.save}</span>
      </button>
      {open && Choices ? <Choices postId={postId} onSaved={setSaved} onClose={() => setOpen(false)} /> : null}
    </span>
  );
}
