import { useLocation, useSearchParams } from 'react-router';
import { SusiModal } from '../components/susi';
import { useAuthUi } from '../components/susi/lazy';
import { navigateTo } from '../lib/browser';
import type { PreloadedState } from '../state';

/** /two-factor-authentication: the setup for a signed-in viewer, else the sign-in modal. */
export function TwoFactorPage({ viewer }: { viewer: PreloadedState['viewer'] }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const ui = useAuthUi();
  if (!viewer) {
    return (
      <main className="q-column">
        <SusiModal
          page={{ operation: 'login', redirect: `${location.pathname}${location.search}` }}
          onClose={() => navigateTo('/')}
        />
      </main>
    );
  }
  const backupCodesMode = params.get('mode') === 'backup-codes';
  return ui ? (
    <ui.TwoFactorSetup userId={viewer.id} startAtBackupCodes={backupCodesMode} />
  ) : (
    <main className="q-column q-auth-page" aria-busy="true" />
  );
}
