import type { RouterOutputs } from '@quire/api';
import {
  clapTexts,
  highlightTexts,
  responseTexts,
  type ShareChannel,
  type StoryInfoOrder,
  shareTexts,
} from '@quire/domain';
import { EmptyState } from '@quire/ui';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PeopleList } from '../components/PeopleList';
import { ResponsesPanel } from '../components/ResponsesPanel';
import { ShareLinks } from '../components/ShareLinks';
import { storyQueries } from '../lib/story-queries';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';

type StoryHeader = RouterOutputs['posts']['header'];

/**
 * A page about a story (its responses, its claps): a link back to it, a heading naming it, then `children`.
 * A story the reader may not see is a 404 here as on the story page.
 */
export function StorySubPage({
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
          parent={{ kind: 'story', id: post.id }}
          responsesCount={post.responsesCount}
          canHideResponses={post.viewerCan.hideResponses}
          discussionClosed={post.responsesLocked}
        />
      )}
    </StorySubPage>
  );
}

/** Who clapped for a story, newest first or most claps first, with their claps; more on scroll. */
export function ClappersList({ postId, order }: { postId: string; order: StoryInfoOrder }) {
  const trpc = useTRPC();
  const clappers = useInfiniteQuery(storyQueries(trpc).clappers(postId, order));
  const first = clappers.data?.pages[0];
  const people = clappers.data?.pages.flatMap((p) => p.people) ?? [];
  const claps = new Map(people.map((p) => [p.id, p.claps]));
  return (
    <>
      {first ? <p className="q-card-meta">{clapTexts.fromPeople(first.clapCount, first.clappers)}</p> : null}
      <PeopleList
        label={clapTexts.clappers}
        people={people}
        empty={clapTexts.noClaps}
        note={(person) => clapTexts.claps(claps.get(person.id) ?? 0)}
        next={clappers}
      />
    </>
  );
}

/** Spec §2 `/p/{postId}/upvotes`: who clapped for a story, most recent first, with their claps. */
export function UpvotesPage({ postId }: { postId: string }) {
  return (
    <StorySubPage postId={postId} title={clapTexts.upvotesTitle}>
      {() => <ClappersList postId={postId} order="newest" />}
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
  return (
    <StorySubPage postId={postId} title={shareTexts.pageTitle}>
      {() =>
        share.data ? (
          <ShareLinks
            share={share.data}
            channel={channel}
            linkLabel={shareTexts.storyLink}
            pathFor={(c) => `/p/${postId}/share/${c}`}
          />
        ) : null
      }
    </StorySubPage>
  );
}

/** A story's highlighted passages that the reader is sent, most readers or most recent first. */
export function QuotesList({
  postId,
  storyUrl,
  order,
}: {
  postId: string;
  storyUrl: string;
  order: StoryInfoOrder;
}) {
  const trpc = useTRPC();
  const quotes = useQuery(storyQueries(trpc).quotes(postId, order));
  if (!quotes.data) return null;
  if (!quotes.data.quotes.length) return <EmptyState title={highlightTexts.noQuotes} />;
  return (
    <ul className="q-quotes" data-testid="quotes">
      {quotes.data.quotes.map((q) => (
        <li key={q.id}>
          <blockquote className="q-highlight-quote">
            <a href={`${storyUrl}#${q.paragraphName}`}>{q.quote}</a>
          </blockquote>
          <p className="q-card-meta">{highlightTexts.readers(q.readers)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 `/p/{postId}/quotes`: the passages readers highlighted in a story, most readers first. */
export function QuotesPage({ postId }: { postId: string }) {
  return (
    <StorySubPage postId={postId} title={highlightTexts.quotesTitle}>
      {(post) => <QuotesList postId={postId} storyUrl={post.mediumUrl} order="top" />}
    </StorySubPage>
  );
}

/** Spec §2 `/p/{postId}/quotes/{quoteId}`: one highlighted passage with its story and who highlighted it. */
export function QuotePage({ postId, quoteId }: { postId: string; quoteId: string }) {
  const trpc = useTRPC();
  const quote = useQuery(trpc.highlights.quote.queryOptions({ postId, quoteId }));
  if (quote.isError) return <NotFoundPage />;
  return (
    <StorySubPage postId={postId} title={highlightTexts.quoteTitle}>
      {(post) =>
        quote.data ? (
          <figure className="q-quote" data-testid="quote">
            <blockquote className="q-highlight-quote">
              {quote.data.quote ?? highlightTexts.membersOnlyQuote}
            </blockquote>
            <figcaption className="q-card-meta">
              <a href={`/@${quote.data.by.username}`}>{highlightTexts.highlightedBy(quote.data.by.name)}</a>
              {' · '}
              <a href={`${post.mediumUrl}${quote.data.paragraphName ? `#${quote.data.paragraphName}` : ''}`}>
                {highlightTexts.readInStory}
              </a>
            </figcaption>
          </figure>
        ) : null
      }
    </StorySubPage>
  );
}
