import { useAuthUi } from '../components/susi/lazy';
import { SignInHere } from '../components/susi/SignInHere';
import { safeRedirect } from '../lib/browser';
import { useSearchParams } from '../lib/location';
import type { PreloadedState } from '../state';

/**
 * /password: with ?token= (the emailed reset link) sets a new password; a signed-in viewer changes theirs
 * (current + new); with ?email= and no session (the 'Show password signup' redirect) creates the account
 * with a password; otherwise the sign-in modal.
 */
export function PasswordPage({ viewer }: { viewer: PreloadedState['viewer'] }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  const redirect = safeRedirect(params.get('redirect'));
  const ui = useAuthUi();
  if (token || viewer || email) {
    if (!ui) return <main className="q-column q-auth-page" aria-busy="true" />;
    if (token || viewer) return <ui.PasswordForm token={token} hasPassword={viewer?.hasPassword ?? true} />;
    return <ui.PasswordSignup email={email!} redirect={redirect} />;
  }
  return <SignInHere />;
}
