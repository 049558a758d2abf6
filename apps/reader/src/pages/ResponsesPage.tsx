import { responseTexts } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { ResponsesPanel } from '../components/ResponsesPanel';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';

/**
 * Spec §2 `/p/{postId}/responses` (and `/responses/show`, `/p/{inResponseToPostId}/responses/new`): a story's
 * responses as a page of their own, under the story's title and a link back to it. A story the reader may not
 * see, or a response's id, is a 404 here as on the story page.
 */
export function ResponsesPage({ postId }: { postId: string }) {
  const trpc = useTRPC();
  const { data: post, isError } = useQuery(
    trpc.posts.byId.queryOptions({ id: postId, shareKey: null }, { retry: false }),
  );
  if (isError || (post && post.__typename !== 'Post')) return <NotFoundPage />;
  if (!post) return <main className="q-column" aria-busy="true" />;
  return (
    <main className="q-column q-responses-page">
      <p className="q-card-meta">
        <a href={post.mediumUrl}>{responseTexts.backToStory}</a>
      </p>
      <h1>{responseTexts.pageTitle(post.title)}</h1>
      <ResponsesPanel
        postId={post.id}
        responsesCount={post.responsesCount}
        canHideResponses={post.viewerCan.hideResponses}
        discussionClosed={post.responsesLocked}
      />
    </main>
  );
}
