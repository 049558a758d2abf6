import type { RouterOutputs } from '@quire/api';
import {
  clapTexts,
  responseTexts,
  SHARE_CHANNEL_NAMES,
  SHARE_CHANNELS,
  type ShareChannel,
  shareTexts,
} from '@quire/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCopy } from '../components/menu';
import { PeopleList } from '../components/PeopleList';
import { ResponsesPanel } from '../components/ResponsesPanel';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';

type StoryHeader = RouterOutputs['posts']['header'];

/**
 * A page about a story (its responses, its claps): a link back to it, a heading naming it, then `children`.
 * A story the reader may not see is a 404 here as on the story page.
 */
function StorySubPage({
  postId,
  title,
  children,
}: {
  postId: string;
  title: (storyTitle: string) => string;
  children: (post: StoryHeader) => ReactNode;
}) {
  const trpc = useTRPC();
  const { data: post, isError } = useQuery(trpc.posts.header.queryOptions({ postId }, { retry: false }));
  if (isError) return <NotFoundPage />;
  if (!post) return <main className="q-column" aria-busy="true" />;
  return (
    <main className="q-column q-story-subpage">
      <p className="q-card-meta">
        <a href={post.mediumUrl}>{responseTexts.backToStory}</a>
      </p>
      <h1>{title(post.title)}</h1>
      {children(post)}
    </main>
  );
}

/**
 * Spec §2 `/p/{postId}/responses` (and `/responses/show`, `/p/{inResponseToPostId}/responses/new`): a story's
 * threaded responses as a page of their own.
 */
export function ResponsesPage({ postId }: { postId: string }) {
  return (
    <StorySubPage postId={postId} title={responseTexts.pageTitle}>
      {(post) => (
        <ResponsesPanel
          postId={post.id}
          responsesCount={post.responsesCount}
          canHideResponses={post.viewerCan.hideResponses}
          discussionClosed={post.responsesLocked}
        />
      )}
    </StorySubPage>
  );
}

/** Spec §2 `/p/{postId}/upvotes`: who clapped for a story, most recent first, with their claps. */
export function UpvotesPage({ postId }: { postId: string }) {
  const trpc = useTRPC();
  const clappers = useInfiniteQuery(
    trpc.posts.clappers.infiniteQueryOptions({ postId }, { getNextPageParam: (last) => last.next }),
  );
  const first = clappers.data?.pages[0];
  const people = clappers.data?.pages.flatMap((p) => p.people) ?? [];
  const claps = new Map(people.map((p) => [p.id, p.claps]));
  return (
    <StorySubPage postId={postId} title={clapTexts.upvotesTitle}>
      {() => (
        <>
          {first ? (
            <p className="q-card-meta">{clapTexts.fromPeople(first.clapCount, first.clappers)}</p>
          ) : null}
          <PeopleList
            label={clapTexts.clappers}
            people={people}
            empty={clapTexts.noClaps}
            note={(person) => clapTexts.claps(claps.get(person.id) ?? 0)}
            next={clappers}
          />
        </>
      )}
    </StorySubPage>
  );
}

/**
 * Spec §2 `/p/{postId}/share/{channel}`: the network's share dialog for the story, a click away (it opens in a
 * new tab), the story's address to copy, and the other networks.
 */
export function SharePage({ postId, channel }: { postId: string; channel: ShareChannel }) {
  const trpc = useTRPC();
  const share = useQuery(trpc.posts.shareLinks.queryOptions({ postId }));
  const { copied, copy } = useCopy();
  const network = SHARE_CHANNEL_NAMES[channel];
  return (
    <StorySubPage postId={postId} title={shareTexts.pageTitle}>
      {() =>
        share.data ? (
          <section className="q-share" data-testid="share">
            <p>
              <a
                className="q-button q-button-dark"
                href={share.data.links[channel]}
                target="_blank"
                rel="noopener noreferrer"
              >
                {shareTexts.continueTo(network)}
              </a>
            </p>
            <p className="q-card-meta">{shareTexts.opensNetwork(network)}</p>
            <p className="q-share-link">
              <input readOnly value={share.data.url} aria-label={shareTexts.storyLink} />
              <button type="button" className="q-button" onClick={() => copy(share.data.url)}>
                {copied ? shareTexts.copied : shareTexts.copyLink}
              </button>
            </p>
            <p className="q-card-meta">
              {shareTexts.elsewhere}{' '}
              {SHARE_CHANNELS.filter((c) => c !== channel).map((c, i) => (
                <span key={c}>
                  {i ? ' · ' : ''}
                  <a href={`/p/${postId}/share/${c}`}>{SHARE_CHANNEL_NAMES[c]}</a>
                </span>
              ))}
            </p>
          </section>
        ) : null
      }
    </StorySubPage>
  );
}
