import type { RouterOutputs } from '@quire/api';
import { FREE_STORIES_PER_MONTH, paywallTexts, topBarTexts } from '@quire/domain';
import { SusiEntry } from './TopBar';

type StoryPage = Extract<RouterOutputs['posts']['byId'], { __typename: 'Post' }>;

/**
 * Spec §1 members-only stories: the box under a locked preview. A reader without an account is asked to sign
 * up or sign in (accounts get the free stories); a signed-in non-member past the free stories, to become a member.
 */
export function Paywall({ reason }: { reason: NonNullable<StoryPage['paywall']> }) {
  return (
    <aside className="q-paywall" data-testid="paywall" data-paywall={reason}>
      <h2>{paywallTexts.heading}</h2>
      {reason === 'signed_out' ? (
        <>
          <p>{paywallTexts.signUpToRead(FREE_STORIES_PER_MONTH)}</p>
          <SusiEntry operation="register" entryPoint="paywall" className="q-button q-button-dark">
            {paywallTexts.createAccount}
          </SusiEntry>{' '}
          <SusiEntry operation="login" entryPoint="paywall">
            {topBarTexts.signIn}
          </SusiEntry>
        </>
      ) : (
        <>
          <p>
            {reason === 'network_free_stories_used'
              ? paywallTexts.networkFreeStoriesUsed
              : paywallTexts.freeStoriesUsed}
          </p>
          <a className="q-button q-button-dark" href="/plans">
            {topBarTexts.becomeAMember}
          </a>
        </>
      )}
    </aside>
  );
}
