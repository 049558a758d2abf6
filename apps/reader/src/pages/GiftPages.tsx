import type { RouterOutputs } from '@quire/api';
import {
  formatPrice,
  GROUP_GIFT_MAX_QUANTITY,
  GROUP_GIFT_MIN_QUANTITY,
  giftTexts as texts,
} from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CheckList, StarHero } from '../components/StarHero';
import { FormEnd } from '../components/susi/fields';
import { navigateTo } from '../lib/browser';
import { useMutation } from '../lib/mutation';
import { failureMessage } from '../lib/social';
import { useSingleFlight } from '../lib/useSingleFlight';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';

type GiftOffer = RouterOutputs['gifts']['giftPlans']['offers'][number];

const signInHref = (redirect: string) => `/m/signin?redirect=${encodeURIComponent(redirect)}`;

/** Spec §2 /gift (ShowGiftLanding): what a gift gives, and where to choose one or redeem one. */
export function GiftLandingPage() {
  const trpc = useTRPC();
  const plans = useQuery(trpc.gifts.giftPlans.queryOptions());
  if (plans.error) return <NotFoundPage />;
  const gift = plans.data?.offers.find((o) => o.type === 'gift');
  return (
    <main className="q-column q-gift" data-testid="gift-landing">
      <StarHero title={texts.landingTitle} lead={texts.landingLead} />
      <CheckList items={texts.landingPoints} />
      {gift ? <p className="q-gift-price">{`${texts.giftName}: ${gift.price}`}</p> : null}
      <p className="q-gift-actions">
        <a className="q-button q-button-dark" href="/gift-plans">
          {texts.landingAction}
        </a>
        <a className="q-gift-link" href="/redeem">
          {texts.redeemInstead}
        </a>
      </p>
    </main>
  );
}

/** Spec §2 /gift-plans: a year of membership, or (when the account may) a group gift. */
export function GiftPlansPage({ signedIn }: { signedIn: boolean }) {
  const trpc = useTRPC();
  const plans = useQuery(trpc.gifts.giftPlans.queryOptions());
  if (plans.error) return <NotFoundPage />;
  const href = (offer: GiftOffer) => (offer.type === 'group-gift' ? '/group-gift' : '/gift-checkout');
  return (
    <main className="q-column q-gift" data-testid="gift-plans">
      <h1>{texts.plansTitle}</h1>
      <ul className="q-gift-offers">
        {plans.data?.offers.map((offer) => (
          <li key={offer.type} className="q-gift-offer" data-gift-type={offer.type}>
            <h2>{offer.type === 'group-gift' ? texts.groupGiftTitle : texts.giftName}</h2>
            <p className="q-gift-price">{offer.price}</p>
            {offer.type === 'group-gift' ? <p>{texts.groupGiftLead}</p> : null}
            <a className="q-button q-button-dark" href={signedIn ? href(offer) : signInHref(href(offer))}>
              {signedIn ? texts.choose : texts.signInToGive}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** The recipient, a message and (for a group gift) how many; then the provider's checkout page. */
function GiftForm({ type, price }: { type: 'gift' | 'group-gift'; price: GiftOffer | null }) {
  const trpc = useTRPC();
  const checkout = useMutation(trpc.gifts.checkoutGift.mutationOptions());
  const [quantity, setQuantity] = useState(GROUP_GIFT_MIN_QUANTITY);
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const flight = useSingleFlight(() => setError(failureMessage(null)));
  const group = type === 'group-gift';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flight.run(async () => {
      setError(null);
      try {
        // A fresh key per attempt: a double click is one gift, a retry after an error is a new one.
        const { url } = await checkout.mutateAsync({
          type,
          requestId: crypto.randomUUID(),
          ...(group ? { quantity } : {}),
          recipientName: recipientName || null,
          recipientEmail: recipientEmail || null,
          message: message || null,
        });
        setLeaving(true);
        navigateTo(url);
      } catch (e) {
        setError(failureMessage(e));
      }
    });
  };
  const count = group && Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
  const priceLabel = price ? formatPrice(price.amount * count, price.currency) : '';
  return (
    <form className="q-gift-form" onSubmit={submit} data-testid="gift-form">
      {group ? (
        <label>
          {texts.quantityLabel}
          <input
            type="number"
            name="quantity"
            min={GROUP_GIFT_MIN_QUANTITY}
            max={GROUP_GIFT_MAX_QUANTITY}
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
          />
          <small>{texts.quantityRange}</small>
        </label>
      ) : null}
      <label>
        {texts.recipientName}
        <input
          name="recipientName"
          value={recipientName}
          onChange={(e) => setRecipientName(e.target.value)}
        />
      </label>
      <label>
        {texts.recipientEmail}
        <input
          type="email"
          name="recipientEmail"
          value={recipientEmail}
          onChange={(e) => setRecipientEmail(e.target.value)}
        />
      </label>
      <label>
        {texts.message}
        <textarea name="message" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <FormEnd error={error} label={texts.pay(priceLabel)} disabled={flight.busy || leaving} />
      {leaving ? (
        <p className="q-gift-note" role="status">
          {texts.redirecting}
        </p>
      ) : null}
    </form>
  );
}

/** Spec §2 /gift-checkout (ShowLiteGiftCheckout): a year of membership for someone; after paying, thanks. */
export function GiftCheckoutPage({ paid }: { paid: boolean }) {
  const trpc = useTRPC();
  const plans = useQuery(trpc.gifts.giftPlans.queryOptions());
  if (plans.error) return <NotFoundPage />;
  if (paid) {
    return (
      <main className="q-column q-gift" data-testid="gift-paid">
        <h1>{texts.paidTitle}</h1>
        <p className="q-gift-lead">{texts.paidText}</p>
        <a className="q-button" href="/gift-plans">
          {texts.giveAnother}
        </a>
      </main>
    );
  }
  const offer = plans.data?.offers.find((o) => o.type === 'gift') ?? null;
  return (
    <main className="q-column q-gift" data-testid="gift-checkout">
      <h1>{texts.checkoutTitle}</h1>
      {offer ? <p className="q-gift-price">{`${texts.giftName}: ${offer.price}`}</p> : null}
      <GiftForm type="gift" price={offer} />
    </main>
  );
}

/** Spec §2 /group-gift: one code several people redeem; for accounts with group gifting. */
export function GroupGiftPage() {
  const trpc = useTRPC();
  const plans = useQuery(trpc.gifts.giftPlans.queryOptions());
  if (plans.error) return <NotFoundPage />;
  if (!plans.data) return null;
  const offer = plans.data.offers.find((o) => o.type === 'group-gift') ?? null;
  return (
    <main className="q-column q-gift" data-testid="group-gift">
      <h1>{texts.groupGiftTitle}</h1>
      {offer ? (
        <>
          <p className="q-gift-lead">{texts.groupGiftLead}</p>
          <p className="q-gift-price">{texts.perMembership(offer.price)}</p>
          <GiftForm type="group-gift" price={offer} />
        </>
      ) : (
        <p className="q-gift-lead">{texts.groupGiftUnavailable}</p>
      )}
    </main>
  );
}

/** Spec §2 /redeem: type the code from the gift email. */
export function RedeemPage() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const giftCode = code.trim();
    if (!giftCode) return setError(texts.codeRequired);
    navigateTo(`/redeem-gift?giftCode=${encodeURIComponent(giftCode)}`);
  };
  return (
    <main className="q-column q-gift" data-testid="redeem">
      <h1>{texts.redeemTitle}</h1>
      <p className="q-gift-lead">{texts.redeemLead}</p>
      <form className="q-gift-form" onSubmit={submit}>
        <label>
          {texts.codeLabel}
          <input name="giftCode" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <FormEnd error={error} label={texts.redeemAction} disabled={false} />
      </form>
    </main>
  );
}

/** Spec §2 /redeem-gift?giftCode=&giftType=: who the gift is from and what it gives, then Redeem. */
export function RedeemGiftPage({
  giftCode,
  giftType,
  signedIn,
  returnTo,
}: {
  giftCode: string;
  giftType: string | null;
  signedIn: boolean;
  returnTo: string;
}) {
  const trpc = useTRPC();
  // A refused code is not cached for the browser: it asks once itself and shows why (the server answered 410).
  const gift = useQuery({ ...trpc.gifts.giftByCode.queryOptions({ giftCode }), retry: false });
  const redeem = useMutation(trpc.gifts.redeemGift.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const flight = useSingleFlight(() => setError(failureMessage(null)));
  if (gift.error) {
    return (
      <main className="q-column q-gift" data-testid="redeem-gift-refused">
        <h1>{texts.redeemTitle}</h1>
        <p className="q-form-error" role="alert">
          {failureMessage(gift.error)}
        </p>
        <a className="q-button" href="/redeem">
          {texts.codeLabel}
        </a>
      </main>
    );
  }
  if (!gift.data) return null;
  const g = gift.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flight.run(async () => {
      setError(null);
      try {
        const result = await redeem.mutateAsync({ giftCode, giftType });
        setDone(true);
        navigateTo(result.redirect);
      } catch (e) {
        setError(failureMessage(e));
      }
    });
  };
  return (
    <main className="q-column q-gift" data-testid="redeem-gift">
      <StarHero
        title={g.fromName ? texts.giftFrom(g.fromName) : texts.giftFromSomeone}
        lead={texts.giftGives(g.months)}
      />
      {g.message ? <blockquote className="q-gift-message">{g.message}</blockquote> : null}
      {g.quantity > 1 ? <p className="q-gift-note">{texts.remaining(g.remaining, g.quantity)}</p> : null}
      {signedIn ? (
        <form onSubmit={submit}>
          <FormEnd
            error={error}
            label={flight.busy ? texts.redeeming : texts.redeemAction}
            disabled={flight.busy || done}
          />
          {done ? (
            <p className="q-gift-note" role="status">
              {texts.redeemed}
            </p>
          ) : null}
        </form>
      ) : (
        <>
          <p className="q-gift-note">{texts.redeemSignIn}</p>
          <a className="q-button q-button-dark" href={signInHref(returnTo)}>
            {texts.signInToRedeem}
          </a>
        </>
      )}
    </main>
  );
}
