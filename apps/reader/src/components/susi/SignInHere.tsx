import { navigateTo } from '../../lib/browser';
import { usePageLocation } from '../../lib/location';
import { SusiModal } from './SusiModal';

/** A page that needs a signed-in viewer: the sign-in modal in place, coming back here; closing goes home. */
export function SignInHere() {
  const location = usePageLocation();
  return (
    <main className="q-column">
      <SusiModal
        page={{ operation: 'login', redirect: `${location.pathname}${location.search}` }}
        onClose={() => navigateTo('/')}
      />
    </main>
  );
}
