import { useSessionStore } from '@quire/client-state';
import { bookmarkTexts } from '@quire/domain';
import { BookmarkIcon, BookmarkSavedIcon } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { lazyModule } from '../lib/lazy-module';
import { failureMessage, openSignUp, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';

// The choice of lists loads with the first Save, not with the page.
const choices = lazyModule(() => import('./SaveChoices'));

/**
 * Spec §1 Bookmark: Save puts the story on the reader's reading list at once and opens the choice of their lists
 * (Saved opens the choice alone, to take it off or file it elsewhere). The icon is filled while the story is
 * saved anywhere; a page of cards asks that once for all of them (`pageIds`). Visitors get the sign-up flow.
 */
export function SaveButton({
  postId,
  pageIds,
  size = 24,
}: {
  postId: string;
  pageIds?: string[];
  size?: number;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const savedOptions = trpc.lists.saved.queryOptions({ postIds: pageIds ?? [postId] });
  const savedQuery = useQuery({ ...savedOptions, enabled: signedIn });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const Choices = choices.use(open)?.SaveChoices;
  const saved = !!savedQuery.data?.saved.includes(postId);

  const setSaved = (now: boolean) =>
    queryClient.setQueryData(savedOptions.queryKey, (old) => {
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
