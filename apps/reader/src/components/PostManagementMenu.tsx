import { track } from '@quire/client-state';
import { postMenuTexts, TIMERS_MS } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../trpc';

/** Spec §2 post management menu for the author: edit, settings, stats and the friend link. */
export function PostManagementMenu({ postId, isPublished }: { postId: string; isPublished: boolean }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [copied, setCopied] = useState(false);
  const friendLink = useQuery({
    ...trpc.posts.friendLink.queryOptions({ id: postId }),
    enabled: open && isPublished,
  });
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMERS_MS.copiedIndicatorRevert);
    return () => clearTimeout(timer);
  }, [copied]);
  const url = friendLink.data?.url ?? null;
  return (
    <div className="q-post-menu">
      <button
        type="button"
        className="q-link-button"
        aria-label="Story options"
        aria-expanded={open}
        onClick={() => {
          // Spec §7: the writer's controls on their story are the 'editor' surface of analytics.
          if (!open) track('editor.writerControlsOpen', { postId });
          setOpen(!open);
        }}
      >
        ···
      </button>
      {open ? (
        <div className="q-menu" role="menu">
          <a role="menuitem" className="q-menu-item" href={`/p/${postId}/edit`}>
            {postMenuTexts.editStory}
          </a>
          <a role="menuitem" className="q-menu-item" href={`/p/${postId}/edit?settings=1`}>
            {postMenuTexts.storySettings}
          </a>
          <a role="menuitem" className="q-menu-item" href={`/me/stats/post/${postId}`}>
            {postMenuTexts.viewStats}
          </a>
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
        </div>
      ) : null}
      {sharing && url ? (
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
              void navigator.clipboard?.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <button type="button" className="q-link-button" onClick={() => setSharing(false)}>
            {postMenuTexts.cancel}
          </button>
        </div>
      ) : null}
    </div>
  );
}
