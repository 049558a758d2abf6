import {
  hideReadNextMeter,
  isReadNextMeterHidden,
  recordPostView,
  type ViewingCounters,
} from '@quire/client-state';
import { POST_PROMPT_MIN_STORIES, postPromptTexts, topBarTexts, writerPromotionTexts } from '@quire/domain';
import { useEffect, useState } from 'react';
import { useHydrated } from '../lib/hydrated';
import type { PreloadedState } from '../state';
import { AuthorFollowButton } from './FollowButton';
import { SubscribeButton } from './newsletters/SubscribeButton';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Spec §4 client viewing counters on a story page: counts this view in local storage, then, for a reader who
 * is not a member, shows the membership prompt under the story, whose copy changes once 3 stories were read
 * this month. Browser only, after hydration, so server and client render the same first page.
 */
export function PostPrompt({
  isLocked,
  isAuthor,
  viewer,
  quiet = false,
}: {
  isLocked: boolean;
  isAuthor: boolean;
  viewer: PreloadedState['viewer'];
  /** The writer's own membership invitation is shown instead: count the view, show nothing. */
  quiet?: boolean;
}) {
  const hydrated = useHydrated();
  const [counters, setCounters] = useState<ViewingCounters | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    setCounters(recordPostView(localStorageOrNull(), { isLocked, now: new Date() }));
  }, [hydrated, isLocked]);
  if (!counters || quiet || isAuthor || viewer?.isMember) return null;
  const prompt = postPrompt({
    storiesReadThisMonth: counters.month.count,
    hasPastMemberships: !!viewer?.hasPastMemberships,
  });
  return (
    <aside className="q-post-prompt" data-testid="post-prompt">
      <p>{prompt.text}</p>
      <a className="q-button q-button-dark" href="/plans">
        {prompt.action}
      </a>
    </aside>
  );
}

/**
 * The writer's membership invitation under their public story (/me/settings/promote-memberships), rendered by the
 * server; the server decides who sees it (not the writer, not members). Joining from it credits the writer.
 */
export function WriterMembershipPrompt({ writer }: { writer: { name: string; username: string } }) {
  return (
    <aside className="q-post-prompt" data-testid="writer-membership-prompt">
      <p>{writerPromotionTexts.membershipPrompt(writer.name)}</p>
      <a className="q-button q-button-dark" href={`/membership/@${encodeURIComponent(writer.username)}`}>
        {writerPromotionTexts.membershipAction}
      </a>
    </aside>
  );
}

/**
 * The writer's invitation to follow them under their story (/me/settings/promote-subscriptions): the follow
 * action (a visitor is asked to sign up), and for a signed-in reader the email settings that govern their mail.
 */
export function WriterFollowPrompt({
  writer,
  viewerId,
}: {
  writer: { id: string; name: string };
  viewerId: string | null;
}) {
  return (
    <aside className="q-post-prompt" data-testid="writer-follow-prompt">
      <p>
        <strong>{writerPromotionTexts.subscriptionPrompt(writer.name)}</strong>
      </p>
      <p>{writerPromotionTexts.subscriptionLead(writer.name)}</p>
      <p>
        <AuthorFollowButton
          author={writer}
          viewerId={viewerId}
          followSource="post_follow_prompt"
          className="q-button q-follow-button"
        />{' '}
        {viewerId === writer.id ? null : (
          <SubscribeButton target={{ kind: 'user', id: writer.id }} name={writer.name} />
        )}
        {viewerId ? (
          <>
            {' '}
            <a href="/me/settings#notifications">{writerPromotionTexts.subscriptionEmails}</a>
          </>
        ) : null}
      </p>
    </aside>
  );
}

/**
 * The post prompt's copy: its text changes once 3 stories were read this month (spec §4), and a former
 * member is asked to resume rather than to join (spec §4 Membership).
 */
export function postPrompt(opts: { storiesReadThisMonth: number; hasPastMemberships: boolean }) {
  const few = opts.storiesReadThisMonth < POST_PROMPT_MIN_STORIES;
  return {
    text: few ? postPromptTexts.fewRead : postPromptTexts.manyRead(opts.storiesReadThisMonth),
    action: opts.hasPastMemberships
      ? topBarTexts.resumeMembership
      : few
        ? topBarTexts.becomeAMember
        : topBarTexts.getUnlimitedAccess,
  };
}

/** Spec §4: the metered reader's free-stories notice, which can be hidden for one day. */
export function ReadNextMeter({ freeStoriesLeft }: { freeStoriesLeft: number }) {
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (hydrated) setHidden(isReadNextMeterHidden(localStorageOrNull(), new Date()));
  }, [hydrated]);
  if (hidden) return null;
  return (
    <p className="q-meter" data-testid="meter">
      {freeStoriesLeft === 1
        ? 'You have 1 free member-only story left this month.'
        : `You have ${freeStoriesLeft} free member-only stories left this month.`}{' '}
      {hydrated ? (
        <button
          type="button"
          className="q-link-button"
          onClick={() => {
            hideReadNextMeter(localStorageOrNull(), new Date());
            setHidden(true);
          }}
        >
          {postPromptTexts.hideMeter}
        </button>
      ) : null}
    </p>
  );
}
