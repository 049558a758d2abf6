import type { PostCard } from '@quire/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PostCardItem } from '../components/PostCardItem';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';

/** A keyset page of story cards, as the profile, publication, topic and following lists return it. */
export interface StoryListPage {
  posts: PostCard[];
  next: { at: string; id: string } | null;
}

/** A list of story cards with a "Show more" button for the next keyset page. */
export function StoryList({
  pages,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  empty,
}: {
  pages: StoryListPage[] | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  empty: string;
}) {
  const posts = pages?.flatMap((page) => page.posts) ?? [];
  return (
    <section aria-label="Stories" data-testid="feed">
      {posts.length === 0 ? <p className="q-empty">{empty}</p> : null}
      {posts.map((post) => (
        <PostCardItem key={post.id} post={post} />
      ))}
      {hasNextPage ? (
        <button
          type="button"
          className="q-button"
          disabled={isFetchingNextPage}
          onClick={() => fetchNextPage()}
        >
          {isFetchingNextPage ? 'Loading…' : 'Show more stories'}
        </button>
      ) : null}
    </section>
  );
}

/** '@ada' → 'ada'; null when the path segment does not name a profile. */
export function profileUsername(segment: string | undefined): string | null {
  return segment?.startsWith('@') && segment.length > 1 ? segment.slice(1) : null;
}

const followers = (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`;

/** Spec §2 /@{username} and /@{username}/latest: the writer's name, bio, followers and stories. */
export function ProfilePage({ username }: { username: string }) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.profiles.byUsername.queryOptions({ username }, { staleTime: 60_000 }));
  const stories = useInfiniteQuery(
    trpc.profiles.stories.infiniteQueryOptions(
      { username },
      { getNextPageParam: (last) => last.next, staleTime: 60_000 },
    ),
  );
  if (profile.isError) return <NotFoundPage />;
  const user = profile.data;
  if (!user) return <main className="q-column" />;
  return (
    <main className="q-column" data-testid="profile">
      <header className="q-profile-header">
        <h1>{user.name}</h1>
        {user.bio ? <p className="q-profile-bio">{user.bio}</p> : null}
        <p className="q-profile-counts">
          <span data-testid="follower-count">{followers(user.followerCount)}</span> ·{' '}
          <span>{user.followingCount} following</span>
        </p>
      </header>
      <StoryList
        pages={stories.data?.pages}
        hasNextPage={stories.hasNextPage}
        isFetchingNextPage={stories.isFetchingNextPage}
        fetchNextPage={stories.fetchNextPage}
        empty={`${user.name} has not published any stories yet.`}
      />
    </main>
  );
}
