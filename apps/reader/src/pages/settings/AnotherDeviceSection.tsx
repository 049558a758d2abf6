import { appLoginTexts as texts } from '@quire/domain';
import { Button } from '@quire/ui';
import { useState } from 'react';
import { useCopy } from '../../components/menu';
import { FormError } from '../../components/susi/fields';
import { useMutation } from '../../lib/mutation';
import { failureMessage } from '../../lib/social';
import { useTRPC } from '../../trpc';

/**
 * The security section's 'Sign in on another device': a single-use link (/m/app/login/{token}) made on request and
 * shown here once, with the warning that it stands for the account for its five minutes.
 */
export function AnotherDeviceSection() {
  const trpc = useTRPC();
  const create = useMutation(trpc.security.createAppLoginLink.mutationOptions());
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { copied, copy } = useCopy();
  const onCreate = async () => {
    setError(null);
    try {
      setUrl((await create.mutateAsync()).url);
    } catch (e) {
      setError(failureMessage(e));
    }
  };
  return (
    <section aria-labelledby="security-another-device" data-testid="security-another-device">
      <h3 id="security-another-device">{texts.sectionTitle}</h3>
      <p>{texts.sectionLead}</p>
      {url ? (
        <div className="q-surface" role="status" data-testid="app-login-created">
          <p>{texts.created}</p>
          <p>
            <code className="q-token-value" data-testid="app-login-url">
              {url}
            </code>
          </p>
          <p>
            <strong>{texts.warning}</strong>
          </p>
          <Button variant="dark" onClick={() => copy(url)}>
            {copied ? texts.copied : texts.copy}
          </Button>
        </div>
      ) : (
        <Button disabled={create.isPending} onClick={() => void onCreate()} data-testid="app-login-create">
          {create.isPending ? texts.creating : texts.create}
        </Button>
      )}
      <FormError text={error} />
    </section>
  );
}
