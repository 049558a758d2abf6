import { useSessionStore } from '@quire/client-state';
import { bookmarkTexts, type ReadingListKind } from '@quire/domain';
import { BookmarkIcon, BookmarkSavedIcon } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage, openSignUp, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';

/**
 * Spec §1 Bookmark: Save puts the story on the reader's reading list and Saved takes it off, at once and then
 * on the server; the state comes from the viewer edge (spec §3 readingList). Visitors get the sign-up flow.
 */
export function SaveButton({ postId }: { postId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const edgeOptions = trpc.posts.viewerEdge.queryOptions({ postId });
  const edge = useQuery({ ...edgeOptions, enabled: signedIn });
  const [busy, setBusy] = useState(false);
  const saved = !!edge.data?.readingList;

  const setSaved = (readingList: ReadingListKind | null) =>
    queryClient.setQueryData(edgeOptions.queryKey, (old) => (old ? { ...old, readingList } : old));

  const onClick = async () => {
    if (!signedIn) {
      openSignUp();
      return;
    }
    const next = !saved;
    setBusy(true);
    setSaved(next ? 'READING_LIST' : null);
    try {
      const answer = await client.posts.bookmark.mutate({ postId, saved: next });
      setSaved(answer.readingList);
      toast(next ? bookmarkTexts.savedToast : bookmarkTexts.removedToast);
    } catch (error) {
      setSaved(next ? null : 'READING_LIST');
      toast(failureMessage(error), 'ERROR');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="q-link-button q-save-button"
      aria-pressed={saved}
      disabled={busy}
      data-testid="save-button"
      onClick={() => void onClick()}
    >
      {saved ? <BookmarkSavedIcon size={24} filled /> : <BookmarkIcon size={24} />}
      <span className="q-visually-hidden">{saved ? bookmarkTexts.saved : bookmarkTexts.save}</span>
    </button>
  );
}
