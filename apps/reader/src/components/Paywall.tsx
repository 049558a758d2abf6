import type { RouterOutputs } from '@quire/api';
import { paywallMessage, paywallTexts, topBarTexts } from '@quire/domain';
import { SusiEntry } from './TopBar';

type StoryPage = Extract<RouterOutputs['posts']['byId'], { __typename: 'Post' }>;

/**
 * Spec §1 members-only stories: the box under a locked preview, worded on the server's reason. A reader without
 * an account is invited to sign up or sign in (accounts get the free stories), never told free stories are used
 * up; a signed-in non-member past the free stories (theirs or their network's) is asked to become a member.
 */
export function Paywall({ reason }: { reason: NonNullable<StoryPage['paywall']> }) {
  return (
    <aside className="q-paywall" data-testid="paywall" data-paywall={reason}>
      <h2>{paywallTexts.heading}</h2>
      {reason === 'signed_out' ? (
        <>
          <p>{paywallMessage(reason)}</p>
          <SusiEntry operation="register" entryPoint="paywall" className="q-button q-button-dark">
            {paywallTexts.createAccount}
          </SusiEntry>{' '}
          <SusiEntry operation="login" entryPoint="paywall">
            {topBarTexts.signIn}
          </SusiEntry>
        </>
      ) : (
        <>
          <p>{paywallMessage(reason)}</p>
          <a className="q-button q-button-dark" href="/plans">
            {topBarTexts.becomeAMember}
          </a>
        </>
      )}
    </aside>
  );
}
