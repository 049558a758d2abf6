import { membershipPageTexts as texts } from '@quire/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormEnd, TextField } from '../components/susi/fields';
import { navigateTo } from '../lib/browser';
import { failureMessage } from '../lib/social';
import { useSingleFlight } from '../lib/useSingleFlight';
import { useTRPC } from '../trpc';
import { PLANS_PATH } from './membership-paths';

/** 'MM/YY' or 'MM/YYYY' as month and year; null when it is neither. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/**
 * /payment/test-checkout?session=…: the dev payment provider's checkout, where no money moves. It says so
 * first, names the test cards, and shows a card's refusal under the form.
 */
export function TestCheckoutPage({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const session = useQuery({
    ...trpc.membership.testCheckout.queryOptions({ sessionId }),
    enabled: !!sessionId,
    retry: false,
  });
  return (
    <main className="q-column q-checkout" data-testid="test-checkout">
      <aside className="q-test-mode" role="note" data-testid="test-mode-notice">
        <h2>{texts.testModeHeading}</h2>
        <p>{texts.testModeNotice}</p>
      </aside>
      <h1>{texts.testCheckoutTitle}</h1>
      {session.data ? (
        <>
          <p className="q-checkout-summary">
            <strong>{session.data.planName}</strong>
            <span>{session.data.price}</span>
          </p>
          <CardForm sessionId={sessionId} price={session.data.price} />
        </>
      ) : !sessionId || session.error ? (
        <>
          <p>{texts.sessionMissing}</p>
          <a className="q-button q-button-dark" href={PLANS_PATH}>
            {texts.choosePlanAgain}
          </a>
        </>
      ) : null}
    </main>
  );
}

function CardForm({ sessionId, price }: { sessionId: string; price: string }) {
  const trpc = useTRPC();
  const complete = useMutation(trpc.membership.completeTestCheckout.mutationOptions());
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const flight = useSingleFlight(() => setError(failureMessage(null)));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const exp = parseExpiry(expiry);
    if (!exp) return setError(texts.expiryInvalid);
    void flight.run(async () => {
      setError(null);
      try {
        const result = await complete.mutateAsync({
          sessionId,
          card: { number: number.replace(/\s+/g, ''), ...exp, cvc: cvc.trim() },
        });
        setLeaving(true);
        navigateTo(result.redirect);
      } catch (err) {
        // The provider's refusal ('Your card was declined.') is the message to show as it is.
        setError(failureMessage(err));
      }
    });
  };
  return (
    <form className="q-checkout-form" onSubmit={onSubmit} noValidate>
      <p className="q-field-hint" data-testid="test-cards">
        {texts.testCardsHint}
      </p>
      <TextField
        label={texts.cardNumber}
        name="cardnumber"
        value={number}
        onChange={setNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        invalid={!!error}
      />
      <div className="q-checkout-row">
        <TextField
          label={texts.expiry}
          name="exp-date"
          value={expiry}
          onChange={setExpiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
        />
        <TextField
          label={texts.cvc}
          name="cvc"
          value={cvc}
          onChange={setCvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      </div>
      <FormEnd
        error={error}
        label={flight.busy || leaving ? texts.paying : texts.pay(price)}
        disabled={flight.busy || leaving}
      />
    </form>
  );
}
