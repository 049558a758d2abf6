import { useToastStore } from '@quire/client-state';
import { formatShortDate, publicationStoriesTexts, toastTexts } from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMutation } from '../lib/mutation';
import { useTRPC } from '../trpc';
import { STORY_TABS, type StoryTab } from './page-params';

/** Spec §2 /me/stories/{filterBy}: the tabs, in order, with our labels. */
const tabLabel = (filterBy: string) => STORY_TABS.find((t) => t.filterBy === filterBy)?.label ?? filterBy;

/** The viewer's stories under one tab, with draft labels, edit, delete (with Undo) and restore. */
export function StoriesPage({ filterBy }: { filterBy: StoryTab }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const show = useToastStore((s) => s.show);
  const stories = useQuery(trpc.posts.mine.queryOptions({ filterBy }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.posts.mine.pathKey() });
  const remove = useMutation(trpc.posts.delete.mutationOptions());
  const restore = useMutation(trpc.posts.undelete.mutationOptions());

  // Spec §7 undeletePost lands here with the restored story's flags: '{title} moved to {tab}.' with Undo.
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const id = query.get('undeletedPostId');
    if (query.get('undeletedPost') !== 'true' || !id) return;
    show(toastTexts.movedToTab(query.get('undeletedPostTitle') ?? '', tabLabel(query.get('tab') ?? '')), {
      toastStyle: 'UNDELETE_POST',
      action: {
        label: toastTexts.undo,
        run: () => void remove.mutateAsync({ targetPostId: id }).then(refresh),
      },
    });
    window.history.replaceState(null, '', window.location.pathname);
  }, []);

  const onDelete = async (id: string) => {
    const { message } = await remove.mutateAsync({ targetPostId: id });
    await refresh();
    show(message, {
      toastStyle: 'MOVE_POST_TO_TRASH',
      action: {
        label: toastTexts.undo,
        run: () => void restore.mutateAsync({ targetPostId: id }).then(refresh),
      },
    });
  };
  const onRestore = async (id: string) => {
    const { redirect } = await restore.mutateAsync({ targetPostId: id });
    window.location.assign(redirect);
  };

  return (
    <main className="q-column">
      <h1>Your stories</h1>
      <nav className="q-tabs" aria-label="Story lists">
        {STORY_TABS.map((tab) => (
          <a
            key={tab.filterBy}
            href={`/me/stories/${tab.filterBy}`}
            aria-current={tab.filterBy === filterBy ? 'page' : undefined}
          >
            {tab.label}
          </a>
        ))}
      </nav>
      <ul className="q-story-list" data-testid="stories">
        {(stories.data ?? []).map((story) => (
          <li key={story.id} className="q-story-item">
            <a href={story.status === 'DRAFT' || story.deletedAt ? story.editUrl : story.mediumUrl}>
              <strong>{story.title || 'Untitled story'}</strong>
            </a>
            <p className="q-card-meta">
              {story.label ? <span className="q-story-label">{story.label} · </span> : null}
              {story.latestPublishedAt
                ? `Published ${formatShortDate(story.latestPublishedAt)}`
                : `Last edited ${formatShortDate(story.updatedAt)}`}
              {` · ${Math.max(1, Math.round(story.readingTime))} min read (${story.wordCount} words)`}
            </p>
            {story.submissionNote ? (
              <p className="q-quoted-note" data-testid="editors-note">
                <strong>{publicationStoriesTexts.editorsNote}:</strong> {story.submissionNote}
              </p>
            ) : null}
            <p className="q-story-actions">
              {story.deletedAt ? (
                <button type="button" className="q-link-button" onClick={() => void onRestore(story.id)}>
                  Restore
                </button>
              ) : (
                <>
                  <a href={story.editUrl}>Edit story</a>
                  {' · '}
                  <button type="button" className="q-link-button" onClick={() => void onDelete(story.id)}>
                    Delete story
                  </button>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      {stories.data?.length === 0 ? <p className="q-empty">No stories here yet.</p> : null}
    </main>
  );
}
