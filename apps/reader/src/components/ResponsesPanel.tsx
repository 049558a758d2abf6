import type { RouterOutputs } from '@quire/api';
import { useSessionStore } from '@quire/client-state';
import {
  formatShortDate,
  quireRoutes,
  RESPONSE_SORT_TYPES,
  RESPONSES_DEPTH_LIMIT,
  type ResponseSortType,
  responseTexts,
  toastTexts,
} from '@quire/domain';
import { Avatar } from '@quire/ui';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureMessage, openSignUp, toast } from '../lib/social';
import { storyQueries } from '../lib/story-queries';
import { useTRPC, useTRPCClient } from '../trpc';
import { PagedItems } from './LoadMore';

type ResponsesPage = RouterOutputs['posts']['responses'];
type Response = ResponsesPage['responses'][number];

const SORT_LABELS: Record<ResponseSortType, string> = {
  MOST_RELEVANT: responseTexts.sortMostRelevant,
  NEWEST: responseTexts.sortNewest,
};

/** What responses answer: a story (or a response, for its replies), or a reader's list. */
export type ResponseParent = { kind: 'story'; id: string } | { kind: 'list'; id: string };

/** One page after another of the responses to `parent`, in `sort` order. */
function useResponses(parent: ResponseParent, sort: ResponseSortType) {
  const trpc = useTRPC();
  const paged = { getNextPageParam: (last: ResponsesPage) => last.next };
  const story = useInfiniteQuery({
    ...storyQueries(trpc).responses(parent.id, sort),
    enabled: parent.kind === 'story',
  });
  const list = useInfiniteQuery({
    ...trpc.lists.responses.infiniteQueryOptions({ catalogId: parent.id, sort }, paged),
    enabled: parent.kind === 'list',
  });
  return parent.kind === 'story' ? story : list;
}

/** Every responses list and count on the page is read again after a change (a reply moves its parent's count). */
function useRefreshResponses() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.posts.responses.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.lists.responses.pathKey() }),
    ]);
}

/** The form that responds to `parent`: a story, a response (a reply) or a list. */
function ResponseForm({
  parent,
  placeholder,
  onDone,
  onCancel,
}: {
  parent: ResponseParent;
  placeholder: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const client = useTRPCClient();
  const refresh = useRefreshResponses();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      toast(responseTexts.empty, 'ERROR');
      return;
    }
    setSending(true);
    try {
      if (parent.kind === 'story') await client.posts.respond.mutate({ postId: parent.id, text });
      else await client.lists.respond.mutate({ catalogId: parent.id, text });
      setText('');
      toast(toastTexts.responsePublishedAsStory, 'PUBLISH_RESPONSE');
      await refresh();
      onDone?.();
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="q-response-form" onSubmit={(event) => void submit(event)}>
      <textarea
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
      />
      <span className="q-response-form-actions">
        {onCancel ? (
          <button type="button" className="q-button" onClick={onCancel}>
            {responseTexts.cancel}
          </button>
        ) : null}
        <button type="submit" className="q-button q-button-dark" disabled={sending}>
          {onCancel ? responseTexts.reply : responseTexts.respond}
        </button>
      </span>
    </form>
  );
}

/** A response with its byline and text, Reply (down to the depth limit) and its replies behind a toggle. */
function ResponseItemView({
  response,
  closed,
  onHide,
}: {
  response: Response;
  /** The story's discussion is closed: nobody replies. */
  closed: boolean;
  onHide?: (id: string) => void;
}) {
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const canReply = !closed && response.depth < RESPONSES_DEPTH_LIMIT;
  return (
    <li className="q-response" data-testid="response" data-depth={response.depth}>
      <p className="q-card-meta q-response-byline">
        <Avatar name={response.creator.name} imageId={response.creator.imageId} size="XS" lazy />
        <a href={quireRoutes.build('ShowUser', { username: response.creator.username })}>
          {response.creator.name}
        </a>{' '}
        · <a href={response.mediumUrl}>{formatShortDate(response.publishedAt)}</a>
        {onHide ? (
          <>
            {' · '}
            <button type="button" className="q-link-button" onClick={() => onHide(response.id)}>
              {responseTexts.hide}
            </button>
          </>
        ) : null}
      </p>
      {response.paragraphs.map((paragraph) => (
        <p key={paragraph.name}>{paragraph.text}</p>
      ))}
      <p className="q-response-actions">
        {response.responsesCount > 0 ? (
          <button
            type="button"
            className="q-link-button"
            aria-expanded={showReplies}
            onClick={() => setShowReplies((shown) => !shown)}
          >
            {showReplies ? responseTexts.hideReplies : responseTexts.replies(response.responsesCount)}
          </button>
        ) : null}
        {canReply && !replying ? (
          <button
            type="button"
            className="q-link-button"
            onClick={signedIn ? () => setReplying(true) : openSignUp}
          >
            {responseTexts.reply}
          </button>
        ) : null}
      </p>
      {replying ? (
        <ResponseForm
          parent={{ kind: 'story', id: response.id }}
          placeholder={responseTexts.replyPlaceholder}
          onCancel={() => setReplying(false)}
          onDone={() => {
            setReplying(false);
            setShowReplies(true);
          }}
        />
      ) : null}
      {showReplies ? <Replies responseId={response.id} closed={closed} /> : null}
    </li>
  );
}

/** A response's replies, newest first, 10 at a time. */
function Replies({ responseId, closed }: { responseId: string; closed: boolean }) {
  const replies = useResponses({ kind: 'story', id: responseId }, 'NEWEST');
  const items = replies.data?.pages.flatMap((page) => page.responses) ?? [];
  return (
    <div className="q-response-replies" data-testid="replies">
      <PagedItems items={items} empty={null} listClass="q-response-list" next={replies}>
        {(reply) => <ResponseItemView key={reply.id} response={reply} closed={closed} />}
      </PagedItems>
    </div>
  );
}

/**
 * Spec §1 Respond: a story's (or a list's) responses, most relevant or newest first, 10 at a time, each with its
 * replies down to spec §9's depth 3 (a list's responses are not threaded), and the form to add one (signed-out
 * visitors get the sign-up flow). A response is published as a story of its own (spec §8 toast).
 */
export function ResponsesPanel({
  parent,
  responsesCount,
  canHideResponses,
  discussionClosed,
  initialSort = 'MOST_RELEVANT',
}: {
  parent: ResponseParent;
  responsesCount: number;
  /** The order shown first (the story details page names it in its path). */
  initialSort?: ResponseSortType;
  /** The author of what they answer may hide responses from it (spec §6), with Undo. */
  canHideResponses: boolean;
  /** The author closed discussion (spec §5): no form and no Reply, a note instead. */
  discussionClosed: boolean;
}) {
  const client = useTRPCClient();
  const refresh = useRefreshResponses();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const [sort, setSort] = useState<ResponseSortType>(initialSort);
  const responses = useResponses(parent, sort);
  const count = responses.data?.pages[0]?.responsesCount ?? responsesCount;
  const items = responses.data?.pages.flatMap((page) => page.responses) ?? [];
  const kind = parent.kind;

  const hide = async (responseId: string) => {
    const setHidden = (hidden: boolean) =>
      kind === 'story'
        ? client.posts[hidden ? 'hideResponse' : 'unhideResponse'].mutate({
            parentPostId: parent.id,
            postResponseId: responseId,
          })
        : client.lists.setResponseHidden.mutate({ catalogId: parent.id, responseId, hidden });
    try {
      await setHidden(true);
      await refresh();
      toast(
        toastTexts.responseHidden(kind),
        kind === 'story' ? 'HIDE_POST_RESPONSE' : 'HIDE_CATALOG_RESPONSE',
        {
          label: toastTexts.undo,
          run: () => void setHidden(false).then(refresh),
        },
      );
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    }
  };

  return (
    <section className="q-responses" aria-label={responseTexts.heading} data-testid="responses">
      <h2>{`${responseTexts.heading} (${count})`}</h2>
      {discussionClosed ? (
        <p className="q-card-meta" data-testid="discussion-closed">
          {kind === 'story' ? responseTexts.discussionClosed : responseTexts.listDiscussionClosed}
        </p>
      ) : signedIn ? (
        <ResponseForm parent={parent} placeholder={responseTexts.placeholder} />
      ) : (
        <button type="button" className="q-button" onClick={openSignUp}>
          {responseTexts.signUpToRespond}
        </button>
      )}
      {count > 1 ? (
        <label className="q-response-sort">
          {responseTexts.sortLabel}{' '}
          <select value={sort} onChange={(event) => setSort(event.target.value as ResponseSortType)}>
            {RESPONSE_SORT_TYPES.map((type) => (
              <option key={type} value={type}>
                {SORT_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <PagedItems
        items={items}
        empty={responses.isSuccess ? responseTexts.none : null}
        listClass="q-response-list"
        next={responses}
      >
        {(response) => (
          <ResponseItemView
            key={response.id}
            response={response}
            // A list's responses take no replies: a thread hangs under a story.
            closed={discussionClosed || kind === 'list'}
            onHide={canHideResponses ? (id) => void hide(id) : undefined}
          />
        )}
      </PagedItems>
    </section>
  );
}
