import { track } from '@quire/client-state';
import { postMenuTexts, responseTexts } from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';
import { LinkItem, MenuShell, useCopy, useMenu } from './menu';

/**
 * Spec §2 post management menu for the author: edit, settings, stats, the friend link, and closing or
 * reopening the story's discussion (spec §5).
 */
export function PostManagementMenu({
  postId,
  isPublished,
  discussionClosed,
}: {
  postId: string;
  isPublished: boolean;
  discussionClosed: boolean;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { open, toggle } = useMenu();
  const [sharing, setSharing] = useState(false);
  const { copied, copy } = useCopy();
  const friendLink = useQuery({
    ...trpc.posts.friendLink.queryOptions({ id: postId }),
    enabled: open && isPublished,
  });
  const url = friendLink.data?.url ?? null;
  const toggleDiscussion = async () => {
    try {
      await client.posts.setDiscussionClosed.mutate({ postId, closed: !discussionClosed });
      toast(discussionClosed ? responseTexts.discussionReopenedToast : responseTexts.discussionClosedToast);
      await queryClient.invalidateQueries({ queryKey: trpc.posts.byId.pathKey() });
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    }
    toggle();
  };
  return (
    <MenuShell
      className="q-post-menu"
      buttonClassName="q-link-button"
      label="Story options"
      open={open}
      onToggle={() => {
        // Spec §7: the writer's controls on their story are the 'editor' surface of analytics.
        if (!open) track('editor.writerControlsOpen', { postId });
        toggle();
      }}
      after={
        sharing && url ? (
          <div className="q-friend-link" role="dialog" aria-label={postMenuTexts.shareFriendLink}>
            <input
              readOnly
              value={url}
              aria-label={postMenuTexts.shareFriendLink}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="q-button q-button-dark"
              onClick={() => {
                track('post.copyFriendLink', { postId });
                copy(url);
              }}
            >
              {copied ? 'Copied' : 'Copy link'}
            </button>
            <button type="button" className="q-link-button" onClick={() => setSharing(false)}>
              {postMenuTexts.cancel}
            </button>
          </div>
        ) : null
      }
    >
      <LinkItem href={`/p/${postId}/edit`}>{postMenuTexts.editStory}</LinkItem>
      <LinkItem href={`/p/${postId}/edit?settings=1`}>{postMenuTexts.storySettings}</LinkItem>
      <LinkItem href={`/me/stats/post/${postId}`}>{postMenuTexts.viewStats}</LinkItem>
      {/* Only with a share key and a public URL (spec §2). */}
      {url ? (
        <button
          type="button"
          role="menuitem"
          className="q-menu-item q-link-button"
          onClick={() => {
            track('editor.shareMeterBypassUrlOpen', { postId });
            setSharing(true);
          }}
        >
          {postMenuTexts.shareFriendLink}
        </button>
      ) : null}
      {isPublished ? (
        <button
          type="button"
          role="menuitem"
          className="q-menu-item q-link-button"
          onClick={() => void toggleDiscussion()}
        >
          {discussionClosed ? responseTexts.reopenDiscussion : responseTexts.closeDiscussion}
        </button>
      ) : null}
    </MenuShell>
  );
}
