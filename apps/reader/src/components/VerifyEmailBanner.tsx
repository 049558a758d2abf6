import type { RouterOutputs } from '@quire/api';
import { track } from '@quire/client-state';
import { generalTexts } from '@quire/domain';
import { useEffect, useState } from 'react';
import { useMutation } from '../lib/mutation';
import { useTRPC } from '../trpc';

/**
 * Spec §4 VERIFY_EMAIL / §8 General: a signed-in viewer without a verified email is asked to verify it;
 * 'Resend email' sends the verification email again and then names the address it went to.
 */
export function VerifyEmailBanner({ email }: { email: string | null }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.auth.sendVerificationEmail.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => track('user.sendVerificationEmailButterShown'), []);

  const onResend = async () => {
    track('user.sendVerificationEmailButterClicked');
    setFailed(false);
    try {
      const result: RouterOutputs['auth']['sendVerificationEmail'] = await resend.mutateAsync();
      const to = result.email ?? email;
      if (result.sent && to) setSentTo(to);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="q-banner" role="status" data-testid="verify-email-banner">
      {sentTo ? (
        <>
          <span>{generalTexts.verificationEmailSent(sentTo)}</span>
          <a href="/me/settings">{generalTexts.changeEmail}</a>
        </>
      ) : (
        <>
          <span>{generalTexts.verifyEmail}</span>
          <button type="button" className="q-link-button" disabled={resend.isPending} onClick={onResend}>
            {generalTexts.resendEmail}
          </button>
          {failed ? <span className="q-form-error">{generalTexts.tryAgain}</span> : null}
        </>
      )}
    </div>
  );
}
