import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PostCardItem } from '../components/PostCardItem';
import { useTRPC } from '../trpc';

export const HOME_PAGE_SIZE = 20;

/** The home page: the For you feed of published stories, with a Following tab. */
export function HomePage({ signedIn }: { signedIn: boolean }) {
  const trpc = useTRPC();
  const [tab, setTab] = useState<'for-you' | 'following'>('for-you');
  const feed = useInfiniteQuery(
    trpc.posts.latest.infiniteQueryOptions(
      { limit: HOME_PAGE_SIZE },
      { getNextPageParam: (last) => last.next, staleTime: 60_000 },
    ),
  );
  // The Following tab: stories from followed writers, publications and topics (signed-in readers only).
  const following = useInfiniteQuery(
    trpc.profiles.followingFeed.infiniteQueryOptions(
      {},
      { getNextPageParam: (last) => last.next, enabled: signedIn && tab === 'following', staleTime: 60_000 },
    ),
  );
  const shown = tab === 'following' ? following : feed;
  const posts = shown.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <main className="q-column">
      <div className="q-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'for-you'} onClick={() => setTab('for-you')}>
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
        <p className="q-empty" data-testid="following-empty">
          Sign in to see stories from the writers, publications and topics you follow.
        </p>
      ) : (
        <section aria-label="Stories" data-testid="feed">
          {tab === 'following' && following.isSuccess && posts.length === 0 ? (
            <p className="q-empty" data-testid="following-none">
              Follow writers, publications and topics to see their stories here.
            </p>
          ) : null}
          {posts.map((post) => (
            <PostCardItem key={post.id} post={post} />
          ))}
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
  );
}
