import { useLocation } from 'react-router';
import { navigateTo } from '../../lib/browser';
import { SusiModal } from './SusiModal';

/** A page that needs a signed-in viewer: the sign-in modal in place, coming back here; closing goes home. */
export function SignInHere() {
  const location = useLocation();
  return (
    <main className="q-column">
      <SusiModal
        page={{ operation: 'login', redirect: `${location.pathname}${location.search}` }}
        onClose={() => navigateTo('/')}
      />
    </main>
  );
}
