import { useToastStore } from '@quire/client-state';
import {
  CARDS_ABOVE_THE_FOLD,
  HOME_MODULE_SIZES,
  homeTexts,
  toastTexts,
  yourPagesTexts,
} from '@quire/domain';
import { EmptyState, StoryCardSkeleton } from '@quire/ui';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HomeAside, useHomeModules, WriterSuggestions } from '../components/HomeModules';
import { PostCardItem } from '../components/PostCardItem';
import { useSavedOnPages } from '../components/SaveButton';
import { useLoadMore } from '../components/useLoadMore';
import { HydrateLater } from '../lib/hydrate-later';
import { useMutation } from '../lib/mutation';
import { useTRPC } from '../trpc';
import { HOME_PAGE_SIZE } from './page-params';

/** The Following tab for a visitor: sign in first, and the writers they could follow (Follow asks them to sign up). */
function FollowingSignedOut() {
  const people = useHomeModules().data?.topWriters.people ?? [];
  return (
    <EmptyState
      testId="following-empty"
      title="Sign in to see stories from the writers, publications and topics you follow."
    >
      {people.length ? (
        <div className="q-empty-suggestions" data-testid="following-suggestions">
          <p>{homeTexts.followingEmptyLead}</p>
          <WriterSuggestions people={people} />
        </div>
      ) : null}
    </EmptyState>
  );
}

/** The Following tab with nothing in it yet: writers to follow, with their Follow buttons, and the topics. */
function FollowingEmpty() {
  const trpc = useTRPC();
  const suggestions = useQuery(
    trpc.yourPages.suggestedWriters.queryOptions(undefined, { staleTime: 60_000 }),
  );
  const people = suggestions.data?.people.slice(0, HOME_MODULE_SIZES.suggestedWriters) ?? [];
  return (
    <EmptyState
      testId="following-none"
      title={homeTexts.followingEmptyTitle}
      action={
        <a className="q-button" href="/topics">
          {yourPagesTexts.exploreTopics}
        </a>
      }
    >
      {people.length ? (
        <div className="q-empty-suggestions" data-testid="following-suggestions">
          <p>{homeTexts.followingEmptyLead}</p>
          <WriterSuggestions people={people} />
        </div>
      ) : null}
    </EmptyState>
  );
}

/**
 * The home page: the For you feed (ranked for the reader) and the Following tab, loading more on scroll, beside
 * a right column of staff picks, topics and writers to follow on wide screens.
 */
export function HomePage({ signedIn }: { signedIn: boolean }) {
  const trpc = useTRPC();
  const [tab, setTab] = useState<'for-you' | 'following'>('for-you');
  const queryClient = useQueryClient();
  const forYouOptions = trpc.posts.forYou.infiniteQueryOptions(
    { limit: HOME_PAGE_SIZE },
    { getNextPageParam: (last) => last.next, staleTime: 60_000 },
  );
  const feed = useInfiniteQuery(forYouOptions);
  // The Following tab: stories from followed writers, publications and topics (signed-in readers only).
  const following = useInfiniteQuery(
    trpc.profiles.followingFeed.infiniteQueryOptions(
      {},
      { getNextPageParam: (last) => last.next, enabled: signedIn && tab === 'following', staleTime: 60_000 },
    ),
  );
  const shown = tab === 'following' ? following : feed;
  const posts = shown.data?.pages.flatMap((page) => page.posts) ?? [];
  const saves = useSavedOnPages(shown.data?.pages);
  // Spec §9 scroll-to-load: the next page is asked for once the end is within 1.5 viewport heights.
  const sentinel = useLoadMore({
    enabled: shown.hasNextPage && !shown.isFetchingNextPage,
    onLoadMore: () => void shown.fetchNextPage(),
  });

  // Spec §8 'Got it. You will see fewer stories like this.', with Undo: the card leaves the feed at once.
  const undo = useMutation(
    trpc.posts.undoShowFewer.mutationOptions({
      onSuccess: () => {
        useToastStore
          .getState()
          .show(toastTexts.negativeSignalUndone, { toastStyle: 'USER_NEGATIVE_SIGNAL' });
        void queryClient.invalidateQueries({ queryKey: forYouOptions.queryKey });
      },
    }),
  );
  const showFewer = useMutation(
    trpc.posts.showFewer.mutationOptions({
      onMutate: ({ postId }) => {
        queryClient.setQueryData(forYouOptions.queryKey, (old) =>
          old
            ? {
                ...old,
                pages: old.pages.map((p) => ({ ...p, posts: p.posts.filter((c) => c.id !== postId) })),
              }
            : old,
        );
        useToastStore.getState().show(toastTexts.negativeSignal, {
          toastStyle: 'USER_NEGATIVE_SIGNAL',
          action: { label: toastTexts.undo, run: () => undo.mutate({ postId }) },
        });
      },
      onError: () => void queryClient.invalidateQueries({ queryKey: forYouOptions.queryKey }),
    }),
  );
  return (
    <div className="q-home">
      <main className="q-column q-home-feed">
        <h1 className="q-visually-hidden">Home</h1>
        <div className="q-tabs" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'for-you'}
            onClick={() => setTab('for-you')}
          >
            For you
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'following'}
            onClick={() => setTab('following')}
          >
            Following
          </button>
        </div>
        {tab === 'following' && !signedIn ? (
          <FollowingSignedOut />
        ) : (
          <section aria-label="Stories" data-testid="feed">
            {tab === 'for-you' && feed.isSuccess && posts.length === 0 ? (
              <EmptyState
                testId="for-you-none"
                title="No stories yet."
                action={
                  <a className="q-button q-button-dark" href="/new-story">
                    Write the first one
                  </a>
                }
              />
            ) : null}
            {tab === 'following' && following.isSuccess && posts.length === 0 ? <FollowingEmpty /> : null}
            {posts.map((post, index) => {
              const card = (
                <PostCardItem
                  key={post.id}
                  post={post}
                  eager={index < CARDS_ABOVE_THE_FOLD}
                  save={saves.get(post.id)}
                  onShowFewer={
                    signedIn && tab === 'for-you' ? () => showFewer.mutate({ postId: post.id }) : undefined
                  }
                />
              );
              // Cards below the fold become interactive after the page, each in a task of its own.
              return index < CARDS_ABOVE_THE_FOLD ? (
                card
              ) : (
                <HydrateLater key={post.id} name="feed-card">
                  {card}
                </HydrateLater>
              );
            })}
            {shown.isPending ? <StoryCardSkeleton /> : null}
            <div ref={sentinel} aria-hidden="true" />
            {shown.hasNextPage ? (
              <button
                type="button"
                className="q-button"
                disabled={shown.isFetchingNextPage}
                onClick={() => shown.fetchNextPage()}
              >
                {shown.isFetchingNextPage ? 'Loading…' : 'Show more stories'}
              </button>
            ) : null}
          </section>
        )}
      </main>
      <HydrateLater name="home-aside">
        <HomeAside signedIn={signedIn} />
      </HydrateLater>
    </div>
  );
}
