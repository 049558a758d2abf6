import type { RouterOutputs } from '@quire/api';
import { pageFeeds, tippingTexts } from '@quire/domain';
import { Avatar } from '@quire/ui';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { type ProfileTab, ProfileTabs } from '../components/DiscoveryTabs';
import { ProfileMenu } from '../components/EntityMenu';
import { FeedLink } from '../components/FeedLink';
import { FollowButton } from '../components/FollowButton';
import { SubscribeButton } from '../components/newsletters/SubscribeButton';
import { StoryList } from '../components/StoryList';
import { useDiscoveryQueries } from '../lib/discovery-queries';
import { EntityColumn } from './EntityColumn';

/** '1 follower', '2 followers'. */
export const followers = (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`;

type Profile = RouterOutputs['profiles']['byUsername'];

/**
 * The profile header every /@{username} page shares: photo (or initials), name, follow button, menu, bio, counts
 * and the RSS link. Under a publication's own header (/{collectionSlug}/@{username}) the name is an h2.
 */
export function ProfileHeader({ user, heading: Heading = 'h1' }: { user: Profile; heading?: 'h1' | 'h2' }) {
  return (
    <header className="q-profile-header q-entity-header" data-testid="profile-header">
      <Avatar name={user.name} imageId={user.imageId} size="XL" className="q-entity-avatar" />
      <div className="q-entity-title">
        <Heading>{user.name}</Heading>
        <FollowButton
          target={{ kind: 'user', id: user.id, name: user.name }}
          isFollowing={user.viewerEdge.isFollowing}
          isSelf={user.viewerEdge.isUser}
          followSource="profile"
        />
        {user.viewerEdge.isUser ? null : (
          <SubscribeButton target={{ kind: 'user', id: user.id }} name={user.name} />
        )}
        <ProfileMenu user={user} />
      </div>
      {user.bio ? <p className="q-profile-bio">{user.bio}</p> : null}
      {user.tippingLink ? (
        <p>
          <a
            className="q-button q-button-small"
            href={user.tippingLink}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            data-testid="tip-link"
          >
            {tippingTexts.tip(user.name)}
          </a>
        </p>
      ) : null}
      <p className="q-profile-counts">
        <span data-testid="follower-count">{followers(user.followerCount)}</span> ·{' '}
        <span>{user.followingCount} following</span> · <FeedLink feed={pageFeeds.user(user)} />
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
  const profile = useQuery(useDiscoveryQueries().profile(username));
  return (
    <EntityColumn isError={profile.isError} entity={profile.data} testId="profile">
      {(user) => (
        // Spec §3 custom style sheet: the profile's colours, as custom properties the server built from numbers.
        <div
          className={Object.keys(user.style).length ? 'q-profile-themed' : undefined}
          style={user.style as CSSProperties}
        >
          <ProfileHeader user={user} />
          <ProfileTabs username={user.username} current={tab} />
          {children(user)}
        </div>
      )}
    </EntityColumn>
  );
}

/** Spec §2 /@{username} and /@{username}/latest: the writer's name, bio, followers and stories. */
export function ProfilePage({ username }: { username: string }) {
  const stories = useInfiniteQuery(useDiscoveryQueries().profileStories(username));
  return (
    <ProfileLayout username={username} tab="latest">
      {(user) => (
        <StoryList
          pages={stories.data?.pages}
          next={stories}
          empty={`${user.name} has not published any stories yet.`}
        />
      )}
    </ProfileLayout>
  );
}
