import { useClapStore, useSessionStore } from '@quire/client-state';
import { CLAPS_PER_READER_MAX, clapTexts } from '@quire/domain';
import { ClapIcon } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { failureMessage, openSignUp, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';

/** Clicks in a row are sent together once the reader pauses this long. */
const CLAP_BURST_MS = 500;

/**
 * Spec §1 Clap: the story's clap count and a button that adds one clap per click (up to 50 from one reader),
 * shown at once and sent in bursts; 'Undo claps' takes the reader's back. Signed-out visitors get the sign-up
 * flow; a writer sees the count of their own story without the button.
 */
export function ClapButton({
  postId,
  clapCount,
  isAuthor,
}: {
  postId: string;
  /** Everyone's claps, as the page loaded them. */
  clapCount: number;
  isAuthor: boolean;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const stored = useClapStore((s) => s.byPost[postId]);
  const counts = stored ?? { clapCount, viewerClapCount: 0, viewerHasClappedSinceFetch: false };
  const pending = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The viewer's own claps (spec §7 PostViewerEdgeQuery), asked for after the page has loaded.
  const edge = useQuery({
    ...trpc.posts.viewerEdge.queryOptions({ postId }),
    enabled: signedIn && !isAuthor,
  });
  const fetched = edge.data?.clapCount;
  useEffect(() => {
    if (fetched === undefined) return;
    const current = useClapStore.getState().byPost[postId];
    if (current?.viewerHasClappedSinceFetch) return;
    useClapStore.getState().set(postId, {
      clapCount: current?.clapCount ?? clapCount,
      viewerClapCount: fetched,
      viewerHasClappedSinceFetch: false,
    });
  }, [fetched, postId, clapCount]);

  const send = useCallback(async () => {
    timer.current = null;
    const count = pending.current;
    pending.current = 0;
    if (!count) return;
    try {
      const answer = await client.posts.clap.mutate({ postId, count });
      // Clicks made while this burst was on its way stay counted on top of the answer.
      useClapStore.getState().set(postId, {
        clapCount: answer.clapCount + pending.current,
        viewerClapCount: answer.viewerClapCount + pending.current,
        viewerHasClappedSinceFetch: true,
      });
    } catch (error) {
      const now = useClapStore.getState().byPost[postId];
      if (now) {
        useClapStore.getState().set(postId, {
          ...now,
          clapCount: Math.max(0, now.clapCount - count),
          viewerClapCount: Math.max(0, now.viewerClapCount - count),
        });
      }
      toast(failureMessage(error), 'ERROR');
    }
  }, [client, postId]);

  const clap = () => {
    if (!signedIn) {
      openSignUp();
      return;
    }
    if (counts.viewerClapCount >= CLAPS_PER_READER_MAX) return;
    pending.current += 1;
    useClapStore.getState().set(postId, {
      clapCount: counts.clapCount + 1,
      viewerClapCount: counts.viewerClapCount + 1,
      viewerHasClappedSinceFetch: true,
    });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void send(), CLAP_BURST_MS);
  };

  const undo = async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = 0;
    try {
      const answer = await client.posts.undoClaps.mutate({ postId });
      useClapStore.getState().set(postId, { ...answer, viewerHasClappedSinceFetch: true });
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    }
  };

  // Unsent clicks go out when the reader leaves the page.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void send();
      }
    },
    [send],
  );

  return (
    <span className="q-claps" data-testid="claps">
      {isAuthor ? null : (
        <button
          type="button"
          className="q-clap-button"
          aria-label={clapTexts.clap}
          aria-pressed={counts.viewerClapCount > 0}
          disabled={counts.viewerClapCount >= CLAPS_PER_READER_MAX}
          onClick={clap}
        >
          <ClapIcon size={24} filled={counts.viewerClapCount > 0} />
        </button>
      )}
      <span data-testid="clap-count">{clapTexts.claps(counts.clapCount)}</span>
      {counts.viewerClapCount > 0 ? (
        <>
          {' '}
          <span data-testid="viewer-claps">{clapTexts.yours(counts.viewerClapCount)}</span>{' '}
          <button type="button" className="q-link-button" onClick={() => void undo()}>
            {clapTexts.undo}
          </button>
        </>
      ) : null}
    </span>
  );
}
