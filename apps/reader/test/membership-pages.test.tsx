import type { RouterOutputs } from '@quire/api';
import { membershipPageTexts, topBarTexts, yearlySavingPercent } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { avatarMenuPaths } from '../src/components/AvatarMenu';
import { PlanPrice, PlansPage } from '../src/pages/MembershipPages';
import { chargeStatusText, priceIn } from '../src/pages/MembershipSettingsPages';
import { SettingsPage } from '../src/pages/settings/SettingsPage';
import { parseExpiry, TestCheckoutPage } from '../src/pages/TestCheckoutPage';
import { comingSoonFor, routeFor } from '../src/routes';
import { renderWithProviders } from './render';

type Plans = RouterOutputs['membership']['plans'];
type Current = RouterOutputs['membership']['current'];

const plans = (eligible: boolean): Plans => ({
  currency: 'USD',
  isMembershipTrialEligible: eligible,
  plans: [
    {
      id: '0000000000000001',
      code: 'monthly-usd',
      name: 'Monthly membership',
      period: 'MONTHLY',
      currency: 'USD',
      amount: 500,
      price: '$5.00',
      discount: 'NO_DISCOUNT',
      firstAmount: 500,
      firstPrice: '$5.00',
      trialDays: 0,
    },
    {
      id: '0000000000000002',
      code: 'yearly-usd',
      name: 'Yearly membership',
      period: 'YEARLY',
      currency: 'USD',
      amount: 5000,
      price: '$50.00',
      discount: eligible ? 'FIFTY_PERCENT_OFF_ONE_YEAR' : 'NO_DISCOUNT',
      firstAmount: eligible ? 2500 : 5000,
      firstPrice: eligible ? '$25.00' : '$50.00',
      trialDays: 0,
    },
  ],
});

const viewer = (isMember: boolean) => ({
  id: '00000000000000aa',
  name: 'Reader',
  username: 'reader',
  imageId: null,
  email: 'reader@example.com',
  emailVerified: true,
  isMember,
  hasPastMemberships: false,
  hasPassword: true,
  isSuspended: false,
  dismissableFlags: [],
});

describe('membership paths (spec §2 Static /membership, Money and membership, Settings)', () => {
  it('are real pages, and the membership prompts lead to one', () => {
    const paths = {
      '/plans': 'ShowPay',
      '/upgrade': 'ShowUpgrade',
      '/payment': 'ShowPayment',
      '/membership': 'ShowMembership',
      '/membership/@ada': 'ShowMembershipUser',
      '/payment/test-checkout': 'ShowTestCheckout',
      '/welcome-member': 'ShowWelcomeMember',
      '/me/settings': 'ShowSettings',
      '/me/settings/payment/update': 'ShowMeSettingsPaymentUpdate',
      '/me/membership/cancel': 'ShowMeMembershipCancel',
      '/me/billing-history': 'ShowMeBillingHistory',
      '/me/billing-history/receipt/0123456789abcdef': 'ShowMeBillingHistoryReceiptByChargeId',
    };
    for (const [path, name] of Object.entries(paths)) {
      expect(routeFor(path).route.name, path).toBe(name);
      expect(comingSoonFor(path), path).toBeUndefined();
    }
    expect(routeFor(avatarMenuPaths.membership).route.name).toBe('ShowMembership');
  });
});

describe('the plans', () => {
  it('shows both plans with the introductory discount for a reader who was never a member', () => {
    const html = renderWithProviders(<PlansPage viewer={viewer(false)} />, (trpc, qc) =>
      qc.setQueryData(trpc.membership.plans.queryKey(), plans(true)),
    );
    expect(html).toContain(membershipPageTexts.plansTitle);
    for (const b of membershipPageTexts.benefits) expect(html).toContain(b.heading);
    expect(html).toContain('Choose monthly');
    expect(html).toContain('Choose yearly');
    expect(html).toContain('$25.00');
    expect(html).toContain('$25.00 for your first year, then $50.00 a year');
    expect(html).toContain(membershipPageTexts.halfOff);
  });

  it('names the yearly saving when there is no discount, and the writer on their membership page', () => {
    const html = renderWithProviders(
      <PlansPage viewer={null} writer={{ username: 'ada', name: 'Ada Lovelace' }} />,
      (trpc, qc) => qc.setQueryData(trpc.membership.plans.queryKey(), plans(false)),
    );
    expect(html).toContain('Support Ada Lovelace and other writers');
    expect(html).toContain('Save 17% compared with monthly');
    expect(html).not.toContain(membershipPageTexts.halfOff);
    // Signed out, a plan's button leads to sign-up first, back on this page.
    expect(html).toContain(membershipPageTexts.signInFirst);
    expect(html).toMatch(/href="\/m\/signin\?operation=register&amp;entry=plans[^"]*"[^>]*>Choose monthly/);
  });

  it('tells a member they are one, with a link to manage it, and no plan buttons', () => {
    const html = renderWithProviders(<PlansPage viewer={viewer(true)} />, (trpc, qc) =>
      qc.setQueryData(trpc.membership.plans.queryKey(), plans(false)),
    );
    expect(html).toContain(membershipPageTexts.alreadyMember);
    expect(html).toContain('href="/me/settings#membership"');
    expect(html).not.toContain('Choose monthly');
  });

  it('prices a plan card', () => {
    const html = renderWithProviders(
      <PlanPrice
        plan={{
          period: 'MONTHLY',
          amount: 700,
          price: 'CA$7.00',
          firstPrice: 'CA$7.00',
          discount: 'NO_DISCOUNT',
        }}
        monthlyAmount={700}
      />,
    );
    expect(html).toContain('CA$7.00');
    expect(html).toContain('/month');
    expect(yearlySavingPercent(500, 6000)).toBe(0);
    expect(html).not.toContain(membershipPageTexts.freeTrial(14));
  });

  it('names the free trial on a plan card when the reader gets one', () => {
    const html = renderWithProviders(
      <PlanPrice
        plan={{
          period: 'YEARLY',
          amount: 5000,
          price: '$50.00',
          firstPrice: '$25.00',
          discount: 'FIFTY_PERCENT_OFF_ONE_YEAR',
          trialDays: 14,
        }}
        monthlyAmount={500}
      />,
    );
    expect(html).toContain(membershipPageTexts.freeTrial(14));
    expect(html).toContain(membershipPageTexts.trialThen(14, '$25.00', 'YEARLY'));
  });
});

describe('the test checkout', () => {
  const checkoutPage = (trialDays: number) =>
    renderWithProviders(<TestCheckoutPage sessionId="dev_cs_1" />, (trpc, qc) =>
      qc.setQueryData(trpc.membership.testCheckout.queryKey({ sessionId: 'dev_cs_1' }), {
        sessionId: 'dev_cs_1',
        mode: 'subscription',
        status: 'open',
        planName: 'Monthly membership',
        plan: {
          code: 'monthly-usd',
          name: 'Monthly membership',
          period: 'MONTHLY',
          currency: 'USD',
          amount: 500,
          price: '$5.00',
        },
        quantity: 1,
        discount: 'NO_DISCOUNT',
        trialDays,
        priceAfterTrial: trialDays > 0 ? '$5.00' : null,
        amount: trialDays > 0 ? 0 : 500,
        price: trialDays > 0 ? '$0.00' : '$5.00',
        testMode: true,
      }),
    );

  it('says plainly that no money moves, before anything else', () => {
    const html = checkoutPage(0);
    expect(html.indexOf(membershipPageTexts.testModeHeading)).toBeLessThan(html.indexOf('<form'));
    expect(html).toContain(membershipPageTexts.testModeNotice);
    expect(html).toContain('4242 4242 4242 4242');
    expect(html).toContain('4000 0000 0000 0002');
    expect(html).toContain('Pay $5.00');
  });

  it('starts a free trial without a charge, and says what follows it', () => {
    const html = checkoutPage(14);
    expect(html).toContain(membershipPageTexts.startTrial);
    expect(html).toContain(membershipPageTexts.trialThen(14, '$5.00', 'MONTHLY'));
    expect(html).not.toContain('Pay $');
  });

  it('reads the expiry as MM/YY', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
  });
});

describe('membership settings', () => {
  const current = (over: Partial<NonNullable<Current['membership']>>): Current => ({
    isMember: true,
    mediumMemberAt: Date.UTC(2026, 10, 1),
    hasPastMemberships: false,
    membership: {
      id: '00000000000000m1',
      status: 'ACTIVE',
      provider: 'STRIPE',
      discount: 'NO_DISCOUNT',
      plan: {
        code: 'monthly-usd',
        name: 'Monthly membership',
        period: 'MONTHLY',
        currency: 'USD',
        amount: 500,
      },
      startedAt: '2026-11-01T12:00:00.000Z',
      currentPeriodEnd: '2026-12-01T12:00:00.000Z',
      nextChargeDate: '2026-12-01T12:00:00.000Z',
      cancelAtPeriodEnd: false,
      paymentFailedAt: null,
      endedAt: null,
      card: { brand: 'VISA', last4: '4242', label: 'Visa ending in 4242' },
      ...over,
    } as NonNullable<Current['membership']>,
  });

  it('shows the plan, status, next charge and card, with the ways to change them', () => {
    const html = renderWithProviders(<SettingsPage />, (trpc, qc) =>
      qc.setQueryData(trpc.membership.current.queryKey(), current({})),
    );
    expect(html).toContain('id="membership"');
    expect(html).toContain('Monthly membership · $5.00/month');
    expect(html).toContain('Active');
    expect(html).toContain('December 1, 2026');
    expect(html).toContain('Visa ending in 4242');
    expect(html).toContain('Switch to yearly');
    expect(html).toContain('href="/me/membership/cancel"');
    expect(html).toContain('href="/me/settings/payment/update"');
    expect(html).toContain('href="/me/billing-history"');
    expect(html).not.toContain(membershipPageTexts.resumeMembership);
  });

  it('offers to resume a membership set to end, and says until when it lasts', () => {
    const html = renderWithProviders(<SettingsPage />, (trpc, qc) =>
      qc.setQueryData(
        trpc.membership.current.queryKey(),
        current({ cancelAtPeriodEnd: true, nextChargeDate: null }),
      ),
    );
    expect(html).toContain('You are still a member until December 1, 2026.');
    expect(html).toContain(membershipPageTexts.resumeMembership);
    expect(html).not.toContain('href="/me/membership/cancel"');
  });

  it('asks a reader who is not a member to become one', () => {
    const html = renderWithProviders(<SettingsPage />, (trpc, qc) =>
      qc.setQueryData(trpc.membership.current.queryKey(), {
        isMember: false,
        mediumMemberAt: 0,
        hasPastMemberships: false,
        membership: null,
      }),
    );
    expect(html).toContain(membershipPageTexts.notMember);
    expect(html).toContain(`href="/plans">${topBarTexts.becomeAMember}`);
  });

  it('names charge states, a partial refund included, and prices in the charge currency', () => {
    expect(chargeStatusText({ status: 'SUCCEEDED', amount: 500, amountRefunded: 0 })).toBe('Paid');
    expect(chargeStatusText({ status: 'REFUNDED', amount: 500, amountRefunded: 500 })).toBe('Refunded');
    expect(chargeStatusText({ status: 'SUCCEEDED', amount: 500, amountRefunded: 200 })).toBe(
      'Partly refunded',
    );
    expect(priceIn(7000, 'CAD')).toBe('CA$70.00');
    expect(priceIn(7000, 'usd')).toBe('$70.00');
  });
});
