import { track } from '@quire/client-state';
import { postMenuTexts } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../trpc';
import { LinkItem, MenuShell, useCopy, useMenu } from './menu';

/** Spec §2 post management menu for the author: edit, settings, stats and the friend link. */
export function PostManagementMenu({ postId, isPublished }: { postId: string; isPublished: boolean }) {
  const trpc = useTRPC();
  const { open, toggle } = useMenu();
  const [sharing, setSharing] = useState(false);
  const { copied, copy } = useCopy();
  const friendLink = useQuery({
    ...trpc.posts.friendLink.queryOptions({ id: postId }),
    enabled: open && isPublished,
  });
  const url = friendLink.data?.url ?? null;
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
    </MenuShell>
  );
}
