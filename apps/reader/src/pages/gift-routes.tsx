import { giftTexts as texts } from '@quire/domain';
import type { ReactNode } from 'react';
import { SignInToSee } from '../components/SignInToSee';
import { lazyPages } from '../lib/lazy-page';
import type { PageProps, PageRoute, PrefetchContext } from '../routes';

// The gift pages load on demand (see lib/lazy-page.tsx), together.
const page = lazyPages('src/pages/GiftPages.tsx', () => import('./GiftPages'));
const GiftLandingPage = page('GiftLandingPage');
const GiftPlansPage = page('GiftPlansPage');
const GiftCheckoutPage = page('GiftCheckoutPage');
const GroupGiftPage = page('GroupGiftPage');
const RedeemPage = page('RedeemPage');
const RedeemGiftPage = page('RedeemGiftPage');

/** The gift offers; 404 while disable_lite_gift_page is on (spec §6). */
async function prefetchOffers({ trpc, queryClient }: PrefetchContext): Promise<number> {
  try {
    await queryClient.fetchQuery(trpc.gifts.giftPlans.queryOptions());
    return 200;
  } catch {
    return 404;
  }
}

/** A page for signed-in readers: a visitor is asked to sign in and brought back. */
function signedIn(
  path: string,
  name: string,
  what: string,
  title: string,
  render: (props: PageProps) => ReactNode,
  prefetch: PageRoute['prefetch'],
): PageRoute {
  return {
    path,
    name,
    render: (props) => (props.viewer ? render(props) : <SignInToSee what={what} redirect={path} />),
    prefetch,
    head: () => ({ title }),
  };
}

/** Spec §2 Paths: /gift, /gift-plans, /gift-checkout, /group-gift, /redeem and /redeem-gift. */
export const giftRoutes: PageRoute[] = [
  {
    path: '/gift',
    name: 'ShowGiftLanding',
    render: () => <GiftLandingPage />,
    prefetch: prefetchOffers,
    head: () => ({ title: texts.landingTitle, description: texts.landingLead }),
  },
  {
    path: '/gift-plans',
    name: 'ShowGiftPlans',
    render: ({ viewer }) => <GiftPlansPage signedIn={!!viewer} />,
    prefetch: prefetchOffers,
    head: () => ({ title: texts.plansTitle, description: texts.landingLead }),
  },
  signedIn(
    '/gift-checkout',
    'ShowLiteGiftCheckout',
    texts.signInWhat.checkout,
    texts.checkoutTitle,
    ({ query }) => <GiftCheckoutPage paid={query.has('paid')} />,
    prefetchOffers,
  ),
  signedIn(
    '/group-gift',
    'ShowGroupGift',
    texts.signInWhat.checkout,
    texts.groupGiftTitle,
    () => <GroupGiftPage />,
    prefetchOffers,
  ),
  signedIn(
    '/redeem',
    'ShowRedeem',
    texts.signInWhat.redeem,
    texts.redeemTitle,
    () => <RedeemPage />,
    async () => 200,
  ),
  {
    path: '/redeem-gift',
    name: 'ShowRedeemGift',
    render: ({ query, viewer }) => {
      const giftCode = query.get('giftCode') ?? '';
      const giftType = query.get('giftType');
      const returnTo = `/redeem-gift?${new URLSearchParams({ giftCode, ...(giftType ? { giftType } : {}) })}`;
      return (
        <RedeemGiftPage giftCode={giftCode} giftType={giftType} signedIn={!!viewer} returnTo={returnTo} />
      );
    },
    prefetch: async ({ trpc, queryClient, query }) => {
      const giftCode = query.get('giftCode')?.trim();
      if (!giftCode) return 404;
      try {
        await queryClient.fetchQuery(trpc.gifts.giftByCode.queryOptions({ giftCode }));
        return 200;
      } catch (error) {
        // A code that was good once (used up, expired) is gone, and the page says why; any other is unknown.
        const message = error instanceof Error ? error.message : '';
        return message === texts.codeUsed || message === texts.codeExpired ? 410 : 404;
      }
    },
    head: () => ({ title: texts.redeemTitle }),
  },
];
