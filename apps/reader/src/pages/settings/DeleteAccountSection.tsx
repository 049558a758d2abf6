import { ACCOUNT_DELETION_GRACE_DAYS, accountDeletionTexts as texts } from '@quire/domain';
import { type FormEvent, useState } from 'react';
import { FormEnd, TextField } from '../../components/susi/fields';
import { navigateTo } from '../../lib/browser';
import { useMutation } from '../../lib/mutation';
import { failureMessage } from '../../lib/social';
import { useSingleFlight } from '../../lib/useSingleFlight';
import { useTRPC } from '../../trpc';

/** The last section of /me/settings: what deleting means, then the username typed to confirm it. */
export function DeleteAccountSection() {
  const trpc = useTRPC();
  const remove = useMutation(trpc.accountDeletion.deleteAccount.mutationOptions());
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const flight = useSingleFlight(() => setError(failureMessage(null)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void flight.run(async () => {
      setError(null);
      try {
        const { redirect } = await remove.mutateAsync({ confirmUsername: confirm });
        setDone(true);
        navigateTo(redirect);
      } catch (err) {
        setError(failureMessage(err));
      }
    });
  };
  return (
    <div data-testid="delete-account">
      <p>{texts.lead}</p>
      <p>{texts.membershipNote}</p>
      <p className="q-settings-warning">{texts.graceNote(ACCOUNT_DELETION_GRACE_DAYS)}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label={texts.confirmLabel}
          name="confirm-username"
          value={confirm}
          onChange={setConfirm}
          autoComplete="off"
          invalid={!!error}
        />
        <FormEnd
          error={error}
          label={flight.busy || done ? texts.deleting : texts.deleteButton}
          disabled={flight.busy || done || !confirm.trim()}
        />
      </form>
    </div>
  );
}

/** Spec §2 /m/goodbye: where a deleted account's last page lands. */
export function GoodbyePage() {
  return (
    <main className="q-column q-static" data-testid="goodbye">
      <h1>{texts.goodbyeTitle}</h1>
      <p className="q-static-lead">{texts.goodbyeLead}</p>
      <p>
        <a className="q-button" href="/">
          {texts.goodbyeBack}
        </a>
      </p>
    </main>
  );
}
