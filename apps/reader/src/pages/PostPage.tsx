import type { RouterOutputs } from '@quire/api';
import { formatShortDate, generalTexts, storyCardTexts, storyInfoPath, storyInfoTexts } from '@quire/domain';
import { PostBody, ResponseIcon } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { ClapButton } from '../components/ClapButton';
import { AuthorFollowButton } from '../components/FollowButton';
import { Paywall } from '../components/Paywall';
import { PostManagementMenu } from '../components/PostManagementMenu';
import { ReadNext } from '../components/ReadNext';
import { ReadTracker } from '../components/ReadTracker';
import { ResponsesSection } from '../components/ResponsesSection';
import { SaveButton } from '../components/SaveButton';
import { SeriesNav } from '../components/SeriesNav';
import {
  PostPrompt,
  ReadNextMeter,
  WriterFollowPrompt,
  WriterMembershipPrompt,
} from '../components/StoryPrompts';
import { StoryText } from '../components/StoryText';
import { HydrateLater } from '../lib/hydrate-later';
import { Kept } from '../lib/kept';
import type { PreloadedState } from '../state';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';

/** Spec §3 PostResult: the message a story page shows instead of (or above) the story. */
function ResultNotice({ kind, message, editHref }: { kind: string; message: string; editHref?: string }) {
  return (
    <div className="q-result-notice" role="status" data-testid="post-result" data-result={kind}>
      <p>
        {message}
        {editHref ? (
          <>
            {' '}
            <a href={editHref}>{generalTexts.editStory}</a>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** A story as its page shows it (spec §3 PostResult 'Post'). */
type StoryOnPage = Extract<RouterOutputs['posts']['byId'], { __typename: 'Post' }>;

/** What follows a story's text: paywall, series, topics, prompts and the clap and save bar. */
function StoryEnd({
  post,
  viewer,
  viewerId,
}: {
  post: StoryOnPage;
  viewer: PreloadedState['viewer'];
  viewerId: string | null;
}) {
  return (
    <>
      {post.paywall ? <Paywall reason={post.paywall} /> : null}
      {post.series ? <SeriesNav series={post.series} /> : null}
      {post.topics.length ? (
        <ul className="q-topics" aria-label="Topics">
          {post.topics.map((topic) => (
            <li key={topic.slug}>
              <a href={`/tag/${topic.slug}`}>{topic.name}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {post.isPublished ? (
        <p className="q-card-meta">
          <a href={storyInfoPath(post.id, 'top', 'responses')}>{storyInfoTexts.facts}</a>
        </p>
      ) : null}
      {post.writerPrompts.membership ? <WriterMembershipPrompt writer={post.creator} /> : null}
      {post.writerPrompts.subscription ? (
        <WriterFollowPrompt writer={post.creator} viewerId={viewerId} />
      ) : null}
      {post.content.isLockedPreviewOnly ? null : (
        <PostPrompt
          isLocked={post.isLocked}
          isAuthor={!post.viewerCan.seeMembershipPrompts}
          viewer={viewer}
          quiet={post.writerPrompts.membership}
        />
      )}
      <footer className="q-post-footer">
        <ClapButton postId={post.id} clapCount={post.clapCount} isAuthor={!post.viewerCan.clap} />
        <a className="q-post-footer-responses" href="#responses">
          <ResponseIcon size={24} />
          <span>{storyCardTexts.responses(post.responsesCount)}</span>
        </a>
        <SaveButton postId={post.id} />
      </footer>
    </>
  );
}

/** Frozen story texts (a story the server keeps) and their paragraphs after the title, one array for each. */
const textsAfterTitle = new WeakMap<readonly unknown[], readonly unknown[]>();

/**
 * The paragraphs after the title: for a frozen text always the same frozen array, so the kept part of the text has
 * its key remembered rather than hashed on every page.
 */
function afterTitle<T>(paragraphs: readonly T[]): readonly T[] {
  if (!Object.isFrozen(paragraphs)) return paragraphs.slice(1);
  let rest = textsAfterTitle.get(paragraphs) as readonly T[] | undefined;
  if (!rest) {
    rest = Object.freeze(paragraphs.slice(1));
    textsAfterTitle.set(paragraphs, rest);
  }
  return rest;
}

/** A story page, rendered from its paragraph model (no editor code in the reader). */
export function PostPage({
  postId,
  viewer = null,
  shareKey = null,
}: {
  postId: string;
  viewer?: PreloadedState['viewer'];
  /** The friend link's key, when the story was opened through one (spec §1). */
  shareKey?: string | null;
}) {
  const trpc = useTRPC();
  const viewerId = viewer?.id ?? null;
  const { data: result, isError } = useQuery(
    trpc.posts.byId.queryOptions({ id: postId, shareKey }, { retry: false }),
  );
  if (isError) return <NotFoundPage />;
  if (!result) return <main className="q-column" aria-busy="true" />;
  if (result.__typename === 'NotFound') return <NotFoundPage />;
  if (result.__typename !== 'Post') {
    return (
      <main className="q-column q-post">
        <ResultNotice kind={result.__typename} message={result.message} />
      </main>
    );
  }
  const post = result;
  const published = post.latestPublishedAt ? formatShortDate(post.latestPublishedAt) : 'Draft';
  // The first paragraph is usually the title itself (COVER_TITLE or H3): it becomes the page title.
  const startsWithTitle = post.content.paragraphs[0]?.text === post.title;
  const body = startsWithTitle ? afterTitle(post.content.paragraphs) : post.content.paragraphs;
  return (
    <main className="q-column q-post">
      <article>
        <h1 className="q-post-title">{post.title}</h1>
        <div className="q-byline">
          <a href={`/@${post.creator.username}`}>{post.creator.name}</a>
          <AuthorFollowButton author={post.creator} viewerId={viewerId} />
          {post.collection ? (
            <>
              {' in '}
              <a href={`/${post.collection.slug}`}>{post.collection.name}</a>
            </>
          ) : null}
          <span>
            {' '}
            · {Math.max(1, Math.round(post.readingTime))} min read · {published}
          </span>
          {post.viewerCan.manage ? (
            <PostManagementMenu
              postId={post.id}
              isPublished={post.isPublished}
              discussionClosed={post.responsesLocked}
            />
          ) : null}
        </div>
        {post.notice ? (
          <ResultNotice kind="PostSuspended" message={post.notice} editHref={`/p/${post.id}/edit`} />
        ) : null}
        {post.meterState === 'metered' && post.freeStoriesLeft !== null ? (
          <ReadNextMeter freeStoriesLeft={post.freeStoriesLeft} />
        ) : null}
        {/* The story's text has nothing to click but its links: it hydrates after the parts that do. */}
        <HydrateLater name="story-text">
          {post.isPublished ? (
            <StoryText postId={post.id} paragraphs={body} />
          ) : (
            <Kept name="story-text" of={PostBody} props={{ paragraphs: body }} />
          )}
        </HydrateLater>
        <ReadTracker postId={post.id} shareKey={shareKey} />
        {/* What follows the text is below the first screen: it hydrates after the parts above it. */}
        <HydrateLater name="story-end">
          <StoryEnd post={post} viewer={viewer} viewerId={viewerId} />
        </HydrateLater>
      </article>
      <ResponsesSection
        parent={{ kind: 'story', id: post.id }}
        responsesCount={post.responsesCount}
        canHideResponses={post.viewerCan.hideResponses}
        discussionClosed={post.responsesLocked}
      />
      {post.isPublished ? (
        <HydrateLater name="read-next">
          <ReadNext postId={post.id} />
        </HydrateLater>
      ) : null}
    </main>
  );
}
