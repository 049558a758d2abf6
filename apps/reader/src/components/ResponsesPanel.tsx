import { useSessionStore } from '@quire/client-state';
import { formatShortDate, quireRoutes, responseTexts, toastTexts } from '@quire/domain';
import { Avatar } from '@quire/ui';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureMessage, openSignUp, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';
import { PagedItems } from './LoadMore';

/**
 * Spec §1 Respond: a story's responses, newest first, and the form to add one (signed-out visitors get the
 * sign-up flow). A response is published as a story of its own (spec §8 toast).
 */
export function ResponsesPanel({
  postId,
  responsesCount,
  canHideResponses,
}: {
  postId: string;
  responsesCount: number;
  /** The story's author may hide responses from it (spec §6), with Undo. */
  canHideResponses: boolean;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const options = trpc.posts.responses.infiniteQueryOptions(
    { postId },
    { getNextPageParam: (last) => last.next },
  );
  const responses = useInfiniteQuery(options);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const count = responses.data?.pages[0]?.responsesCount ?? responsesCount;
  const items = responses.data?.pages.flatMap((page) => page.responses) ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      toast(responseTexts.empty, 'ERROR');
      return;
    }
    setSending(true);
    try {
      await client.posts.respond.mutate({ postId, text });
      setText('');
      toast(toastTexts.responsePublishedAsStory);
      await refresh();
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    } finally {
      setSending(false);
    }
  };

  const hide = async (postResponseId: string) => {
    const ids = { parentPostId: postId, postResponseId };
    try {
      await client.posts.hideResponse.mutate(ids);
      await refresh();
      toast(toastTexts.responseHidden('story'), 'HIDE_POST_RESPONSE', {
        label: toastTexts.undo,
        run: () => void client.posts.unhideResponse.mutate(ids).then(refresh),
      });
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    }
  };

  return (
    <section className="q-responses" aria-label={responseTexts.heading} data-testid="responses">
      <h2>{`${responseTexts.heading} (${count})`}</h2>
      {signedIn ? (
        <form className="q-response-form" onSubmit={(event) => void submit(event)}>
          <textarea
            aria-label={responseTexts.placeholder}
            placeholder={responseTexts.placeholder}
            value={text}
            rows={3}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="q-button q-button-dark" disabled={sending}>
            {responseTexts.respond}
          </button>
        </form>
      ) : (
        <button type="button" className="q-button" onClick={openSignUp}>
          {responseTexts.signUpToRespond}
        </button>
      )}
      <PagedItems
        items={items}
        empty={responses.isSuccess ? responseTexts.none : null}
        listClass="q-response-list"
        next={responses}
      >
        {(response) => (
          <li key={response.id} className="q-response" data-testid="response">
            <p className="q-card-meta q-response-byline">
              <Avatar name={response.creator.name} imageId={response.creator.imageId} size="XS" lazy />
              <a href={quireRoutes.build('ShowUser', { username: response.creator.username })}>
                {response.creator.name}
              </a>{' '}
              · <a href={response.mediumUrl}>{formatShortDate(response.publishedAt)}</a>
              {canHideResponses ? (
                <>
                  {' · '}
                  <button type="button" className="q-link-button" onClick={() => void hide(response.id)}>
                    {responseTexts.hide}
                  </button>
                </>
              ) : null}
            </p>
            {response.paragraphs.map((paragraph) => (
              <p key={paragraph.name}>{paragraph.text}</p>
            ))}
          </li>
        )}
      </PagedItems>
    </section>
  );
}
