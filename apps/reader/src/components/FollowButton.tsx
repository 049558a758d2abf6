import { followButtonTexts } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type SocialTarget, useFollowToggle } from '../lib/social';
import { useTRPC } from '../trpc';

/** Spec §4: the button's label for a follow state. */
export function followLabel(following: boolean): string {
  return following ? followButtonTexts.following : followButtonTexts.follow;
}

/**
 * Spec §4 Follow/unfollow: an optimistic Follow / Following toggle for a writer or a publication. Hidden on the
 * viewer's own profile; signed-out visitors get the sign-up flow instead.
 */
export function FollowButton({
  target,
  isFollowing,
  isSelf = false,
  followSource,
  className = 'q-button q-follow-button',
}: {
  target: SocialTarget;
  isFollowing: boolean;
  /** The viewer's own profile: no button. */
  isSelf?: boolean;
  /** Spec §7 analytics followSource: where the follow happened (e.g. profile, post_header). */
  followSource: string;
  className?: string;
}) {
  const [following, setFollowing] = useState(isFollowing);
  const [busy, setBusy] = useState(false);
  const toggle = useFollowToggle(target, followSource);
  // A refetch (or another control for the same writer) is the truth once it lands.
  useEffect(() => setFollowing(isFollowing), [isFollowing]);
  if (isSelf) return null;

  const onClick = async () => {
    const next = !following;
    let started = false;
    const ok = await toggle(next, () => {
      started = true;
      setBusy(true);
      setFollowing(next);
    });
    if (!started) return;
    setBusy(false);
    if (!ok) setFollowing(!next);
  };

  return (
    <button
      type="button"
      className={following ? `${className} q-following` : className}
      aria-pressed={following}
      disabled={busy}
      data-testid="follow-button"
      onClick={() => void onClick()}
    >
      {followLabel(following)}
    </button>
  );
}

/**
 * Spec §4 Follow on a story's author header: the viewer's follow state comes from the user viewer edge (only
 * asked for when signed in and not the author).
 */
export function AuthorFollowButton({
  author,
  viewerId,
  followSource = 'post_header',
  className = 'q-link-button q-follow-link',
}: {
  author: { id: string; name: string };
  viewerId: string | null;
  followSource?: string;
  className?: string;
}) {
  const trpc = useTRPC();
  const isSelf = viewerId === author.id;
  const edge = useQuery({
    ...trpc.social.userEdge.queryOptions({ userId: author.id }),
    enabled: !!viewerId && !isSelf,
  });
  return (
    <FollowButton
      target={{ kind: 'user', id: author.id, name: author.name }}
      isFollowing={edge.data?.isFollowing ?? false}
      isSelf={isSelf}
      followSource={followSource}
      className={className}
    />
  );
}

/** The Follow button of a topic (its page header, the /topics list). */
export function TopicFollowButton({
  topic,
  followSource,
}: {
  topic: { id: string; name: string; viewerEdge: { isFollowing: boolean } };
  followSource: string;
}) {
  return (
    <FollowButton
      target={{ kind: 'tag', id: topic.id, name: topic.name }}
      isFollowing={topic.viewerEdge.isFollowing}
      followSource={followSource}
    />
  );
}
