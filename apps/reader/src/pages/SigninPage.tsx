import { accountLockoutMessage, authErrors, TwoFactorMethod } from '@quire/domain';
import { useEffect, useState } from 'react';
import { SusiModal } from '../components/susi';
import { navigateTo, safeRedirect } from '../lib/browser';
import { useSearchParams } from '../lib/location';

/**
 * /m/signin (and /registration-form, the same opened on sign-up; /unrecognized-account?email=, opened at the
 * address no account has): the sign-in modal open on load, with operation, entry (email_login_timeout after an expired link)
 * and redirect from the query string. The server also sends here: email (+ operation=register) for an emailed
 * sign-up link that still needs a name, twoFactorToken + method for a pending second factor, error=social for
 * a failed social sign-in; and after a two-factor soft lockout (spec §4) errorType, failCount and
 * lockedOutUntil, shown as the lockout notice.
 */
export function SigninPage({ opening = null }: { opening?: 'registration' | 'unrecognized' | null }) {
  const [params] = useSearchParams();
  const operation =
    opening === 'registration' || params.get('operation') === 'register' ? 'register' : 'login';
  const entryPoint = params.get('entry') || null;
  const redirect = safeRedirect(params.get('redirect'));
  const email = params.get('email') || null;
  const twoFactorToken = params.get('twoFactorToken') || null;
  const method = params.get('method');
  const twoFactorMethod = TwoFactorMethod.find((m) => m === method) ?? null;
  // A pending second factor goes straight to its code; a new account from an emailed link still needs a name.
  // /unrecognized-account names the address no account has; it offers to sign up with it.
  const step = twoFactorToken
    ? 'VERIFY_2FA_CODE'
    : opening === 'unrecognized' && email
      ? 'UNRECOGNIZED_EMAIL'
      : email && operation === 'register'
        ? 'ENTER_NAME'
        : undefined;
  const socialFailed = params.get('error') === 'social';
  const errorType = params.get('errorType');
  const failCount = Number(params.get('failCount')) || 0;
  const lockedOutUntil = params.get('lockedOutUntil') || null;

  // Minutes left depend on the browser's clock: computed after hydration, not during the server render.
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (errorType) setNotice(accountLockoutMessage(errorType, failCount, lockedOutUntil, Date.now()));
    else setNotice(socialFailed ? authErrors.tryAgain : null);
  }, [errorType, failCount, lockedOutUntil, socialFailed]);

  return (
    <main className="q-column" data-testid="signin-page">
      <SusiModal
        page={{ step, operation, entryPoint, redirect, email, twoFactorToken, twoFactorMethod }}
        notice={notice}
        onClose={() => navigateTo(redirect ?? '/')}
      />
    </main>
  );
}
