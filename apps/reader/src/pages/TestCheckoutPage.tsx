import { membershipPageTexts as texts } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormEnd, TextField } from '../components/susi/fields';
import { navigateTo } from '../lib/browser';
import { useMutation } from '../lib/mutation';
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
          {session.data.priceAfterTrial ? (
            <p className="q-plan-detail" data-testid="trial-terms">
              {texts.trialThen(
                session.data.trialDays,
                session.data.priceAfterTrial,
                session.data.plan.period,
              )}
            </p>
          ) : null}
          <CardForm
            sessionId={sessionId}
            label={session.data.priceAfterTrial ? texts.startTrial : texts.pay(session.data.price)}
          />
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

/** The card form's fields: what each is called, how long it may be, and what the browser may fill in. */
const CARD_FIELDS = [
  { name: 'cardnumber', label: texts.cardNumber, autoComplete: 'cc-number', maxLength: 23 },
  { name: 'exp-date', label: texts.expiry, autoComplete: 'cc-exp', maxLength: 7 },
  { name: 'cvc', label: texts.cvc, autoComplete: 'cc-csc', maxLength: 4 },
] as const;
type CardFieldName = (typeof CARD_FIELDS)[number]['name'];

function CardForm({ sessionId, label }: { sessionId: string; label: string }) {
  const trpc = useTRPC();
  const complete = useMutation(trpc.membership.completeTestCheckout.mutationOptions());
  const [card, setCard] = useState<Record<CardFieldName, string>>({
    cardnumber: '',
    'exp-date': '',
    cvc: '',
  });
  const { cardnumber: number, 'exp-date': expiry, cvc } = card;
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
  const fields = CARD_FIELDS.map((field) => (
    <TextField
      key={field.name}
      {...field}
      value={card[field.name]}
      onChange={(value) => setCard((c) => ({ ...c, [field.name]: value }))}
      inputMode="numeric"
      invalid={field.name === 'cardnumber' && !!error}
    />
  ));
  return (
    <form className="q-checkout-form" onSubmit={onSubmit} noValidate>
      <p className="q-field-hint" data-testid="test-cards">
        {texts.testCardsHint}
      </p>
      {fields.slice(0, 1)}
      <div className="q-checkout-row">{fields.slice(1)}</div>
      <FormEnd
        error={error}
        label={flight.busy || leaving ? texts.paying : label}
        disabled={flight.busy || leaving}
      />
    </form>
  );
}
