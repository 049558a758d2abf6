import { pathAfterSignIn, appLoginTexts as texts } from '@quire/domain';
import { Button } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useMutation } from '../../lib/mutation';
import { useTRPC } from '../../trpc';

/*
 * /m/app/login/{token}: the link made in another device's security settings. The page says whom it signs in and
 * waits for the button, so a link preview fetching the address never uses it up; a link that cannot be used says
 * why and offers the sign-in page instead.
 */

const SIGN_IN_PATH = '/m/signin';

export function AppLoginPage({ token }: { token: string }) {
  const trpc = useTRPC();
  const link = useQuery(trpc.auth.appLoginLink.queryOptions({ token }, { retry: false }));
  const complete = useMutation(trpc.auth.completeAppLogin.mutationOptions());
  const [refused, setRefused] = useState<string | null>(null);

  const signIn = async () => {
    setRefused(null);
    try {
      const result = await complete.mutateAsync({ token });
      if ('message' in result) setRefused(result.message);
      // A full load: every part of the page (top bar, menus) then knows the new reader.
      else window.location.assign(pathAfterSignIn(result, SIGN_IN_PATH));
    } catch {
      setRefused(texts.invalid);
    }
  };

  const unusable = refused ?? (link.data && !link.data.usable ? link.data.message : null);
  return (
    <main className="q-column q-settings" data-testid="app-login">
      <h1>{texts.title}</h1>
      {link.isError || unusable ? (
        <div className="q-settings-notice" role="alert" data-testid="app-login-refused">
          <p>{unusable ?? texts.invalid}</p>
          <p>
            <a href={SIGN_IN_PATH}>{texts.signInOther}</a>
          </p>
        </div>
      ) : link.data?.usable ? (
        <div data-testid="app-login-offer">
          <p className="q-static-lead">{texts.lead(link.data.name, link.data.username)}</p>
          <Button variant="dark" disabled={complete.isPending} onClick={() => void signIn()}>
            {complete.isPending ? texts.signingIn : texts.confirm}
          </Button>
        </div>
      ) : null}
    </main>
  );
}
