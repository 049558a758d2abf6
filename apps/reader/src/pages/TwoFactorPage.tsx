import { useAuthUi } from '../components/susi/lazy';
import { SignInHere } from '../components/susi/SignInHere';
import { useSearchParams } from '../lib/location';
import type { PreloadedState } from '../state';

/** /two-factor-authentication: the setup for a signed-in viewer, else the sign-in modal. */
export function TwoFactorPage({ viewer }: { viewer: PreloadedState['viewer'] }) {
  const [params] = useSearchParams();
  const ui = useAuthUi();
  if (!viewer) return <SignInHere />;
  const backupCodesMode = params.get('mode') === 'backup-codes';
  return ui ? (
    <ui.TwoFactorSetup userId={viewer.id} startAtBackupCodes={backupCodesMode} />
  ) : (
    <main className="q-column q-auth-page" aria-busy="true" />
  );
}
