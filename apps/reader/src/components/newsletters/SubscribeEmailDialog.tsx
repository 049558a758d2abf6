import { isValidEmail, newsletterSubscribeTexts as texts, validationMessages } from '@quire/domain';
import { Button, useFocusTrap } from '@quire/ui';
import { useId, useState } from 'react';
import { failureMessage } from '../../lib/social';
import { useTRPCClient } from '../../trpc';
import { type SubscribeTarget, subscribeToast, targetInput } from './subscribe-target';

/**
 * A visitor's Subscribe: asks the address, which gets a confirmation link (nothing is sent before it is opened).
 * Focus stays inside while it is open; Escape and Cancel close it.
 */
export function SubscribeEmailDialog({
  target,
  name,
  onClose,
}: {
  target: SubscribeTarget;
  name: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const ref = useFocusTrap(true, { onEscape: onClose });
  return (
    <div className="q-dialog-backdrop">
      <div
        ref={ref}
        className="q-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="subscribe-dialog"
      >
        <h2 id={titleId}>{texts.dialogTitle(name)}</h2>
        <p>{texts.dialogBody}</p>
        <SubscribeEmailForm target={target} ids={{ inputId, errorId }} onDone={onClose} onCancel={onClose} />
      </div>
    </div>
  );
}

/** The address form itself: in the dialog, and on the landing pages. */
export function SubscribeEmailForm({
  target,
  ids,
  onDone,
  onCancel,
}: {
  target: SubscribeTarget;
  ids?: { inputId: string; errorId: string };
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const client = useTRPCClient();
  const ownIds = { inputId: useId(), errorId: useId() };
  const { inputId, errorId } = ids ?? ownIds;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!isValidEmail(email)) {
      setError(validationMessages.invalidEmail);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await client.newsletters.subscribeByEmail.mutate({ ...targetInput(target), email: email.trim() });
      setSent(true);
      subscribeToast(texts.checkInbox, 'NEWSLETTER_SUBSCRIBE');
      onDone?.();
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <p role="status" data-testid="subscribe-check-inbox">
        {texts.checkInbox}
      </p>
    );
  return (
    <form
      className="q-account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={inputId}>{texts.emailLabel}</label>
      <input
        id={inputId}
        type="email"
        autoComplete="email"
        data-autofocus
        value={email}
        maxLength={254}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      {error ? (
        <p id={errorId} className="q-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="q-dialog-actions">
        {onCancel ? (
          <button type="button" className="q-link-button" onClick={onCancel}>
            {texts.cancel}
          </button>
        ) : null}
        <Button type="submit" variant="accent" disabled={busy} data-testid="subscribe-email-submit">
          {texts.subscribe}
        </Button>
      </div>
    </form>
  );
}
