import type { RouterOutputs } from '@quire/api';
import {
  formatLongDate,
  formatPrice,
  membershipCurrencyOf,
  membershipTexts,
  type PlanPeriod,
  planCode,
  membershipPageTexts as texts,
  topBarTexts,
} from '@quire/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { FormError } from '../components/susi/fields';
import { navigateTo } from '../lib/browser';
import { useMutation } from '../lib/mutation';
import { failureMessage } from '../lib/social';
import { useSingleFlight } from '../lib/useSingleFlight';
import { useTRPC } from '../trpc';
import {
  BILLING_HISTORY_PATH,
  CANCEL_MEMBERSHIP_PATH,
  MEMBERSHIP_SETTINGS_PATH,
  PLANS_PATH,
  receiptPath,
  UPDATE_PAYMENT_PATH,
} from './membership-paths';

type Current = RouterOutputs['membership']['current'];
type MembershipRow = NonNullable<Current['membership']>;
type Charge = RouterOutputs['membership']['billingHistory']['charges'][number];

/** Cents in a charge's or plan's currency: '$5.00', 'CA$70.00' (a currency we do not sell shows bare). */
export function priceIn(amount: number, currency: string): string {
  const known = membershipCurrencyOf(currency);
  return known ? formatPrice(amount, known) : (amount / 100).toFixed(2);
}

/** Whether a membership still gives access (a failed payment keeps it through the grace period). */
const isLive = (m: MembershipRow) =>
  m.status === 'ACTIVE' || m.status === 'TRIALING' || m.status === 'PAST_DUE';

const otherPeriod = (period: PlanPeriod): PlanPeriod => (period === 'MONTHLY' ? 'YEARLY' : 'MONTHLY');

/** The date a membership set to end stops giving access. */
const endDate = (m: MembershipRow) => (m.currentPeriodEnd ? formatLongDate(m.currentPeriodEnd) : null);

/** A mutation's result is the new `current`: the settings show it without another round trip. */
function useSetCurrent() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (next: Current) => queryClient.setQueryData(trpc.membership.current.queryKey(), next);
}

/** The membership section of /me/settings (#membership): the plan and the ways to change it. */
export function MembershipSettings() {
  const trpc = useTRPC();
  const current = useQuery(trpc.membership.current.queryOptions());
  if (!current.data) return null;
  const m = current.data.membership;
  if (!m || !isLive(m)) {
    return (
      <div data-testid="membership-none">
        <p>{m || current.data.hasPastMemberships ? texts.formerMember : texts.notMember}</p>
        <a className="q-button q-button-dark" href={PLANS_PATH}>
          {current.data.hasPastMemberships ? topBarTexts.resumeMembership : topBarTexts.becomeAMember}
        </a>
        <SettingsLinks />
      </div>
    );
  }
  return <LiveMembership m={m} />;
}

function LiveMembership({ m }: { m: MembershipRow }) {
  const trpc = useTRPC();
  const setCurrent = useSetCurrent();
  const resume = useMutation(trpc.membership.resume.mutationOptions());
  const changePlan = useMutation(trpc.membership.changePlan.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const flight = useSingleFlight(() => setError(failureMessage(null)));
  const act = (task: () => Promise<string>) =>
    flight.run(async () => {
      setError(null);
      setNotice(null);
      try {
        setNotice(await task());
      } catch (e) {
        setError(failureMessage(e));
      }
    });
  const plan = m.plan;
  const switchTo = plan ? otherPeriod(plan.period) : null;
  const ends = endDate(m);
  return (
    <div data-testid="membership-live">
      <dl className="q-settings-facts">
        <Fact label={texts.plan}>
          {plan
            ? `${plan.name} · ${priceIn(plan.amount, plan.currency)}${texts.perPeriod(plan.period)}`
            : '—'}
        </Fact>
        <Fact label={texts.status}>{texts.statusLabel(m.status)}</Fact>
        {m.cancelAtPeriodEnd ? (
          <Fact label={texts.endsOn}>{ends ?? '—'}</Fact>
        ) : m.nextChargeDate ? (
          <Fact label={texts.nextCharge}>{formatLongDate(m.nextChargeDate)}</Fact>
        ) : null}
        <Fact label={texts.paymentMethod}>{m.card?.label ?? texts.noCard}</Fact>
      </dl>
      {m.status === 'PAST_DUE' ? <p className="q-settings-warning">{texts.paymentFailed}</p> : null}
      {m.cancelAtPeriodEnd && ends ? (
        <p className="q-settings-notice" data-testid="membership-ends">
          {texts.endsAtPeriodEnd(ends)}
        </p>
      ) : null}
      <div className="q-settings-actions">
        {m.cancelAtPeriodEnd ? (
          <button
            type="button"
            className="q-button q-button-dark"
            disabled={flight.busy}
            onClick={() =>
              void act(async () => {
                setCurrent(await resume.mutateAsync({ requestId: crypto.randomUUID() }));
                return texts.resumed;
              })
            }
          >
            {texts.resumeMembership}
          </button>
        ) : null}
        {plan && switchTo && !m.cancelAtPeriodEnd ? (
          <button
            type="button"
            className="q-button"
            disabled={flight.busy}
            onClick={() =>
              void act(async () => {
                const next = await changePlan.mutateAsync({
                  planCode: planCode(switchTo, membershipCurrencyOf(plan.currency) ?? 'USD'),
                  requestId: crypto.randomUUID(),
                });
                setCurrent(next);
                return texts.switched(next.membership?.plan?.name ?? texts.period(switchTo));
              })
            }
          >
            {texts.switchTo(switchTo)}
          </button>
        ) : null}
      </div>
      {notice ? (
        <p className="q-settings-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FormError text={error} />
      <SettingsLinks live cancel={!m.cancelAtPeriodEnd} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Billing history always (a former member has receipts); the card and cancellation only while a member. */
function SettingsLinks({ live = false, cancel = false }: { live?: boolean; cancel?: boolean }) {
  return (
    <ul className="q-settings-links">
      {live ? (
        <li>
          <a href={UPDATE_PAYMENT_PATH}>{texts.updatePaymentMethod}</a>
        </li>
      ) : null}
      <li>
        <a href={BILLING_HISTORY_PATH}>{texts.billingHistory}</a>
      </li>
      {cancel ? (
        <li>
          <a className="q-settings-danger" href={CANCEL_MEMBERSHIP_PATH}>
            {texts.cancelMembership}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** Spec §2 /me/membership/cancel: a confirmation that names the date access ends, then the cancellation. */
export function CancelMembershipPage() {
  const trpc = useTRPC();
  const current = useQuery(trpc.membership.current.queryOptions());
  const setCurrent = useSetCurrent();
  const cancel = useMutation(trpc.membership.cancel.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight(() => setError(failureMessage(null)));
  const m = current.data?.membership;
  const ends = m ? endDate(m) : null;
  let body: ReactNode = null;
  if (current.data && (!m || !isLive(m))) {
    body = <p>{texts.notCancellable}</p>;
  } else if (m?.cancelAtPeriodEnd && ends) {
    body = (
      <p className="q-settings-notice" role="status" data-testid="membership-ends">
        {texts.endsAtPeriodEnd(ends)}
      </p>
    );
  } else if (m && ends) {
    body = (
      <>
        <p>{texts.cancelKeepsAccess(ends)}</p>
        <FormError text={error} />
        <div className="q-settings-actions">
          <button
            type="button"
            className="q-button q-button-danger"
            disabled={flight.busy}
            onClick={() =>
              void flight.run(async () => {
                setError(null);
                try {
                  setCurrent(await cancel.mutateAsync({ requestId: crypto.randomUUID() }));
                } catch (e) {
                  setError(failureMessage(e));
                }
              })
            }
          >
            {texts.cancelMembership}
          </button>
          <a className="q-button" href={MEMBERSHIP_SETTINGS_PATH}>
            {texts.keepMembership}
          </a>
        </div>
      </>
    );
  }
  return (
    <main className="q-column q-settings" data-testid="cancel-membership">
      <h1>{texts.cancelTitle}</h1>
      {body}
      <p>
        <a href={MEMBERSHIP_SETTINGS_PATH}>{texts.backToSettings}</a>
      </p>
    </main>
  );
}

/** Spec §2 /me/settings/payment/update: the provider's payment portal, or why there is none in test mode. */
export function UpdatePaymentPage() {
  const trpc = useTRPC();
  const portal = useMutation(trpc.membership.paymentPortal.mutationOptions());
  const open = portal.mutate;
  // A portal session is made once per visit of this page (a mutation: it creates one at the provider).
  useEffect(() => open({ requestId: crypto.randomUUID() }), [open]);
  const url = portal.data?.url ?? null;
  useEffect(() => {
    if (url) navigateTo(url);
  }, [url]);
  return (
    <main className="q-column q-settings" data-testid="update-payment">
      <h1>{texts.updatePaymentMethod}</h1>
      {portal.data === null ? (
        <p className="q-settings-notice" data-testid="no-portal">
          {texts.portalTestMode}
        </p>
      ) : portal.error ? (
        <FormError text={failureMessage(portal.error)} />
      ) : (
        <p role="status">{texts.portalOpening}</p>
      )}
      <p>
        <a href={MEMBERSHIP_SETTINGS_PATH}>{texts.backToSettings}</a>
      </p>
    </main>
  );
}

/** The status a charge shows: a partial refund is named as such. */
export function chargeStatusText(c: Pick<Charge, 'status' | 'amount' | 'amountRefunded'>): string {
  const partly = c.status !== 'REFUNDED' && c.amountRefunded > 0 && c.amountRefunded < c.amount;
  return texts.chargeStatus(c.status, partly);
}

type Cursor = RouterOutputs['membership']['billingHistory']['next'];

/** Spec §2 /me/billing-history: the viewer's charges, newest first, each with its receipt. */
export function BillingHistoryPage() {
  const trpc = useTRPC();
  const first = useQuery(trpc.membership.billingHistory.queryOptions({}));
  // The cursors of the pages shown after the first, one per 'Show more'.
  const [more, setMore] = useState<NonNullable<Cursor>[]>([]);
  const showMore = (next: NonNullable<Cursor>) =>
    setMore((cursors) => (cursors.includes(next) ? cursors : [...cursors, next]));
  return (
    <main className="q-column q-settings" data-testid="billing-history">
      <h1>{texts.billingHistory}</h1>
      {first.data && first.data.charges.length === 0 ? <p className="q-empty">{texts.billingEmpty}</p> : null}
      {first.data?.charges.length ? (
        <table className="q-billing">
          <thead>
            <tr>
              <th scope="col">{texts.date}</th>
              <th scope="col">{texts.description}</th>
              <th scope="col">{texts.amount}</th>
              <th scope="col">{texts.status}</th>
              <th scope="col">
                <span className="q-visually-hidden">{texts.receipt}</span>
              </th>
            </tr>
          </thead>
          <ChargeRows charges={first.data.charges} />
          {more.map((cursor) => (
            <MoreChargeRows key={`${cursor.at}:${cursor.id}`} cursor={cursor} />
          ))}
        </table>
      ) : null}
      <NextPageButton cursors={[first.data?.next ?? null, ...more]} onMore={showMore} />
      <p>
        <a href={MEMBERSHIP_SETTINGS_PATH}>{texts.backToSettings}</a>
      </p>
    </main>
  );
}

function ChargeRows({ charges }: { charges: Charge[] }) {
  return (
    <tbody>
      {charges.map((c) => (
        <tr key={c.id} data-status={c.status}>
          <td data-label={texts.date}>{formatLongDate(c.createdAt)}</td>
          <td data-label={texts.description}>{c.description ?? membershipTexts.chargeDescription(null)}</td>
          <td data-label={texts.amount}>{priceIn(c.amount, c.currency)}</td>
          <td data-label={texts.status}>{chargeStatusText(c)}</td>
          <td>
            <a href={receiptPath(c.id)}>{texts.viewReceipt}</a>
          </td>
        </tr>
      ))}
    </tbody>
  );
}

function MoreChargeRows({ cursor }: { cursor: NonNullable<Cursor> }) {
  const trpc = useTRPC();
  const page = useQuery(trpc.membership.billingHistory.queryOptions({ cursor }));
  return page.data ? <ChargeRows charges={page.data.charges} /> : null;
}

/** 'Show more' after the last page shown, when it has a next page. */
function NextPageButton({
  cursors,
  onMore,
}: {
  cursors: (Cursor | null)[];
  onMore(next: NonNullable<Cursor>): void;
}) {
  const trpc = useTRPC();
  const last = cursors.at(-1) ?? null;
  // The first entry is the first page's next cursor; each later one is a shown page whose next we need.
  const lastPage = useQuery({
    ...trpc.membership.billingHistory.queryOptions({ cursor: last }),
    enabled: cursors.length > 1 && !!last,
  });
  const next = cursors.length === 1 ? last : (lastPage.data?.next ?? null);
  if (!next) return null;
  return (
    <button type="button" className="q-button" onClick={() => onMore(next)}>
      {texts.loadMore}
    </button>
  );
}

/** Spec §2 /me/billing-history/receipt/{chargeId}: one charge as a printable receipt. */
export function ReceiptPage({ chargeId }: { chargeId: string }) {
  const trpc = useTRPC();
  const receipt = useQuery(trpc.membership.receipt.queryOptions({ chargeId }));
  const r = receipt.data;
  if (!r) {
    return (
      <main className="q-column q-settings">
        <h1>{texts.receiptTitle}</h1>
        {receipt.error ? <p>{membershipTexts.receiptNotFound}</p> : null}
      </main>
    );
  }
  return (
    <main className="q-column q-receipt" data-testid="receipt">
      <header className="q-receipt-header">
        <p className="q-logo">{r.productName}</p>
        <h1>{texts.receiptTitle}</h1>
      </header>
      <dl className="q-settings-facts">
        {r.receiptNumber ? <Fact label={texts.receiptNumber}>{r.receiptNumber}</Fact> : null}
        <Fact label={texts.date}>{formatLongDate(r.createdAt)}</Fact>
        <Fact label={texts.billedTo}>
          {r.billedTo.name}
          {r.billedTo.email ? <span className="q-receipt-email">{r.billedTo.email}</span> : null}
        </Fact>
        <Fact label={texts.description}>
          {r.description ?? membershipTexts.chargeDescription(r.plan?.period ?? null)}
        </Fact>
        <Fact label={texts.amount}>{priceIn(r.amount, r.currency)}</Fact>
        {r.amountRefunded > 0 ? (
          <Fact label={texts.refunded}>
            {`−${priceIn(r.amountRefunded, r.currency)}`}
            {r.refundedAt ? ` · ${formatLongDate(r.refundedAt)}` : ''}
          </Fact>
        ) : null}
        <Fact label={texts.status}>{chargeStatusText(r)}</Fact>
        {r.card?.label ? <Fact label={texts.paymentMethod}>{r.card.label}</Fact> : null}
      </dl>
      <p className="q-receipt-actions">
        <button type="button" className="q-button q-button-dark" onClick={() => window.print()}>
          {texts.print}
        </button>
        <a href={BILLING_HISTORY_PATH}>{texts.billingHistory}</a>
      </p>
    </main>
  );
}
