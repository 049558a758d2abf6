import { membershipPageTexts as texts } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { SignInToSee } from '../components/SignInToSee';
import { lazyPages } from '../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../lib/signed-in-route';
import type { PageProps, PageRoute, PrefetchContext } from '../routes';
import { useTRPC } from '../trpc';
import { NotFoundPage } from './NotFoundPage';
import { profileUsername } from './page-params';

// The membership pages load on demand (see lib/lazy-page.tsx), a module's pages together.
const offer = lazyPages('src/pages/MembershipPages.tsx', () => import('./MembershipPages'));
const account = lazyPages('src/pages/MembershipSettingsPages.tsx', () => import('./MembershipSettingsPages'));
const checkout = lazyPages('src/pages/TestCheckoutPage.tsx', () => import('./TestCheckoutPage'));

const PlansPage = offer('PlansPage');
const WelcomeMemberPage = offer('WelcomeMemberPage');
const CancelMembershipPage = account('CancelMembershipPage');
const UpdatePaymentPage = account('UpdatePaymentPage');
const BillingHistoryPage = account('BillingHistoryPage');
const ReceiptPage = account('ReceiptPage');
const TestCheckoutPage = checkout('TestCheckoutPage');

const prefetchPlans = async ({ trpc, queryClient }: PrefetchContext) => {
  await queryClient.prefetchQuery(trpc.membership.plans.queryOptions());
  return 200;
};

export const prefetchCurrent = ({ trpc, queryClient }: PrefetchContext) =>
  prefetchSignedIn(() => queryClient.fetchQuery(trpc.membership.current.queryOptions()));

/** /plans and its aliases: the same offer under each path. */
const plansRoute = (path: string, name: string): PageRoute => ({
  path,
  name,
  render: ({ viewer }) => <PlansPage viewer={viewer} />,
  prefetch: prefetchPlans,
  head: () => ({ title: texts.plansTitle, description: texts.plansLead, canonicalPath: '/plans' }),
});

/** The offer naming the writer whose page it came from; checkout credits them as the referrer. */
function WriterPlansPage({ username, viewer }: { username: string; viewer: PageProps['viewer'] }) {
  const trpc = useTRPC();
  const writer = useQuery(trpc.profiles.byUsername.queryOptions({ username }));
  if (writer.error) return <NotFoundPage />;
  if (!writer.data) return null;
  return <PlansPage viewer={viewer} writer={{ username, name: writer.data.name }} />;
}

/** Spec §2 Paths: Static /membership, /membership/@{username}, and the Money and membership paths. */
export const membershipRoutes: PageRoute[] = [
  plansRoute('/plans', 'ShowPay'),
  plansRoute('/upgrade', 'ShowUpgrade'),
  plansRoute('/payment', 'ShowPayment'),
  plansRoute('/membership', 'ShowMembership'),
  {
    path: '/membership/:owner',
    name: 'ShowMembershipUser',
    render: ({ params, viewer }) => {
      const username = profileUsername(params.owner);
      return username ? <WriterPlansPage username={username} viewer={viewer} /> : <NotFoundPage />;
    },
    prefetch: async (ctx, params) => {
      const username = profileUsername(params.owner);
      if (!username) return 404;
      try {
        await ctx.queryClient.fetchQuery(ctx.trpc.profiles.byUsername.queryOptions({ username }));
      } catch {
        return 404;
      }
      return prefetchPlans(ctx);
    },
    head: (ctx, params) => {
      const username = profileUsername(params.owner);
      const writer = username
        ? ctx.queryClient.getQueryData(ctx.trpc.profiles.byUsername.queryKey({ username }))
        : undefined;
      return writer ? { title: texts.supportWriter(writer.name), description: texts.plansLead } : {};
    },
  },
  {
    // Not in the spec: the dev payment provider's checkout, where no money moves.
    path: '/payment/test-checkout',
    name: 'ShowTestCheckout',
    render: ({ query, viewer }) => {
      const sessionId = query.get('session') ?? '';
      return viewer ? (
        <TestCheckoutPage sessionId={sessionId} />
      ) : (
        <SignInToSee
          what="this checkout"
          redirect={`/payment/test-checkout?session=${encodeURIComponent(sessionId)}`}
        />
      );
    },
    prefetch: async (ctx) => {
      const sessionId = ctx.query.get('session');
      if (!sessionId) return 404;
      return prefetchSignedIn(() =>
        ctx.queryClient.fetchQuery(ctx.trpc.membership.testCheckout.queryOptions({ sessionId })),
      );
    },
    head: () => ({ title: texts.testCheckoutTitle }),
  },
  {
    path: '/welcome-member',
    name: 'ShowWelcomeMember',
    render: () => <WelcomeMemberPage />,
    prefetch: async () => 200,
    head: () => ({ title: texts.welcomeTitle }),
  },
  signedInRoute(
    '/me/membership/cancel',
    'ShowMeMembershipCancel',
    'your membership',
    { head: () => ({ title: texts.cancelTitle }) },
    () => <CancelMembershipPage />,
    prefetchCurrent,
  ),
  signedInRoute(
    '/me/settings/payment/update',
    'ShowMeSettingsPaymentUpdate',
    'your payment method',
    { head: () => ({ title: texts.updatePaymentMethod }) },
    () => <UpdatePaymentPage />,
    async () => 200,
  ),
  signedInRoute(
    '/me/billing-history',
    'ShowMeBillingHistory',
    'your billing history',
    { head: () => ({ title: texts.billingHistory }) },
    () => <BillingHistoryPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchQuery(trpc.membership.billingHistory.queryOptions({}))),
  ),
  signedInRoute(
    '/me/billing-history/receipt/:chargeId',
    'ShowMeBillingHistoryReceiptByChargeId',
    'this receipt',
    { head: () => ({ title: texts.receiptTitle }) },
    ({ params }) => <ReceiptPage chargeId={params.chargeId ?? ''} />,
    ({ trpc, queryClient }, params) =>
      prefetchSignedIn(() =>
        queryClient.fetchQuery(trpc.membership.receipt.queryOptions({ chargeId: params.chargeId ?? '' })),
      ),
  ),
];
