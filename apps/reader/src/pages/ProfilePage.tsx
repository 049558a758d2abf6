import type { PostCard, RouterOutputs } from '@quire/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type ProfileTab, ProfileTabs } from '../components/DiscoveryTabs';
import { ProfileMenu } from '../components/EntityMenu';
import { FollowButton } from '../components/FollowButton';
import { LoadMore } from '../components/LoadMore';
import { PostCardItem } from '../components/PostCardItem';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';

/** A keyset page of story cards, as the profile, publication, topic and following lists return it. */
export interface StoryListPage {
  posts: PostCard[];
  /** The keyset cursor of the next page (a time or a score and an id), null at the end. */
  next: unknown;
}

/** A list of story cards that loads the next keyset page on scroll, or with its "Show more" button. */
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
      <LoadMore
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        label="Show more stories"
      />
    </section>
  );
}

/** '@ada' → 'ada'; null when the path segment does not name a profile. */
export function profileUsername(segment: string | undefined): string | null {
  return segment?.startsWith('@') && segment.length > 1 ? segment.slice(1) : null;
}

/** '1 follower', '2 followers'. */
export const followers = (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`;

/** '1 story', '2 stories'. */
export const storyCount = (n: number) => `${n} ${n === 1 ? 'story' : 'stories'}`;

type Profile = RouterOutputs['profiles']['byUsername'];

/** The profile header every /@{username} page shares: name, follow button, menu, bio and counts. */
export function ProfileHeader({ user }: { user: Profile }) {
  return (
    <header className="q-profile-header">
      <div className="q-entity-title">
        <h1>{user.name}</h1>
        <FollowButton
          target={{ kind: 'user', id: user.id, name: user.name }}
          isFollowing={user.viewerEdge.isFollowing}
          isSelf={user.viewerEdge.isUser}
          followSource="profile"
        />
        <ProfileMenu user={user} />
      </div>
      {user.bio ? <p className="q-profile-bio">{user.bio}</p> : null}
      <p className="q-profile-counts">
        <span data-testid="follower-count">{followers(user.followerCount)}</span> ·{' '}
        <span>{user.followingCount} following</span>
      </p>
    </header>
  );
}

/**
 * A /@{username} page: the shared header, the profile's tabs and the page's own content (given the loaded
 * profile). A missing profile, or one whose user blocked the viewer, is the 404 page.
 */
export function ProfileLayout({
  username,
  tab,
  children,
}: {
  username: string;
  tab: ProfileTab;
  children: (user: Profile) => ReactNode;
}) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.profiles.byUsername.queryOptions({ username }, { staleTime: 60_000 }));
  if (profile.isError) return <NotFoundPage />;
  const user = profile.data;
  if (!user) return <main className="q-column" />;
  return (
    <main className="q-column" data-testid="profile">
      <ProfileHeader user={user} />
      <ProfileTabs username={user.username} current={tab} />
      {children(user)}
    </main>
  );
}

/** Spec §2 /@{username} and /@{username}/latest: the writer's name, bio, followers and stories. */
export function ProfilePage({ username }: { username: string }) {
  const trpc = useTRPC();
  const stories = useInfiniteQuery(
    trpc.profiles.stories.infiniteQueryOptions(
      { username },
      { getNextPageParam: (last) => last.next, staleTime: 60_000 },
    ),
  );
  return (
    <ProfileLayout username={username} tab="latest">
      {(user) => (
        <StoryList
          pages={stories.data?.pages}
          hasNextPage={stories.hasNextPage}
          isFetchingNextPage={stories.isFetchingNextPage}
          fetchNextPage={stories.fetchNextPage}
          empty={`${user.name} has not published any stories yet.`}
        />
      )}
    </ProfileLayout>
  );
}
