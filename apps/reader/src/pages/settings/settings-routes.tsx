import {
  accountConvertTexts,
  accountDeletionTexts,
  appLoginTexts,
  MOBILE_BETA_PATH,
  mobileBetaTexts,
  settingsSectionOf,
  settingsTexts as texts,
  tippingTexts,
  WRITER_PROMOTION_PATHS,
  type WriterPromotion,
  writerPromotionTexts,
} from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';
import { prefetchCurrent } from '../membership-routes';
import { NotFoundPage } from '../NotFoundPage';
import { prefetchAccount } from './account-routes';
import { emailSettingsRoutes } from './email-settings-routes';

// The settings load on demand (see lib/lazy-page.tsx).
const settings = lazyPages('src/pages/settings/SettingsPage.tsx', () => import('./SettingsPage'));
const SettingsPage = settings('SettingsPage');
const goodbye = lazyPages(
  'src/pages/settings/DeleteAccountSection.tsx',
  () => import('./DeleteAccountSection'),
);
const GoodbyePage = goodbye('GoodbyePage');
const tipping = lazyPages('src/pages/settings/TippingPage.tsx', () => import('./TippingPage'));
const TippingPage = tipping('TippingPage');
const promotions = lazyPages('src/pages/settings/PromotionPages.tsx', () => import('./PromotionPages'));
const PromoteMembershipsPage = promotions('PromoteMembershipsPage');
const PromoteSubscriptionsPage = promotions('PromoteSubscriptionsPage');
const MobileBetaPage = promotions('MobileBetaPage');
const convert = lazyPages('src/pages/settings/AccountConvertPage.tsx', () => import('./AccountConvertPage'));
const AccountConvertPage = convert('AccountConvertPage');
const appLogin = lazyPages('src/pages/settings/AppLoginPage.tsx', () => import('./AppLoginPage'));
const AppLoginPage = appLogin('AppLoginPage');

/** /me/settings/promote-memberships and promote-subscriptions: the writer's switch for one prompt. */
const promotionRoute = (promotion: WriterPromotion, name: string, page: PageRoute['render']): PageRoute =>
  signedInRoute(
    WRITER_PROMOTION_PATHS[promotion],
    name,
    'your story prompts',
    { head: () => ({ title: writerPromotionTexts[promotion].title }) },
    page,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchQuery(trpc.writerPromotions.current.queryOptions())),
  );

/** The settings page's queries: each section's, loaded together. */
const prefetchSettings = async (ctx: PrefetchContext) =>
  (
    await Promise.all([
      prefetchCurrent(ctx),
      prefetchAccount(ctx),
      prefetchSignedIn(() => ctx.queryClient.fetchQuery(ctx.trpc.security.overview.queryOptions())),
      prefetchSignedIn(() => ctx.queryClient.fetchQuery(ctx.trpc.emailSettings.mine.queryOptions())),
      prefetchSignedIn(() => ctx.queryClient.fetchQuery(ctx.trpc.developer.tokens.queryOptions())),
    ])
  )[0];

/** Spec §2 Settings: /me/settings and /me/settings/{setting}, the page opened at one of its sections. */
export const settingsRoutes: PageRoute[] = [
  {
    path: '/m/goodbye',
    name: 'ShowMGoodbye',
    render: () => <GoodbyePage />,
    prefetch: async () => 200,
    head: () => ({ title: accountDeletionTexts.goodbyeTitle }),
  },
  signedInRoute(
    '/me/settings',
    'ShowSettings',
    'your settings',
    { head: () => ({ title: texts.title }) },
    () => <SettingsPage />,
    prefetchSettings,
  ),
  signedInRoute(
    '/me/settings/:setting',
    'ShowMeSettingsBySetting',
    'your settings',
    { head: () => ({ title: texts.title }) },
    ({ params }) => {
      const section = settingsSectionOf(params.setting);
      return section ? <SettingsPage section={section} /> : <NotFoundPage />;
    },
    async (ctx, params) => (settingsSectionOf(params.setting) ? prefetchSettings(ctx) : 404),
  ),
  signedInRoute(
    '/me/settings/tipping',
    'ShowMeSettingsTipping',
    'your tipping link',
    { head: () => ({ title: tippingTexts.title }) },
    () => <TippingPage />,
    ({ trpc, queryClient }) =>
      prefetchSignedIn(() => queryClient.fetchQuery(trpc.tipping.current.queryOptions())),
  ),
  promotionRoute('promoteMemberships', 'ShowMeSettingsPromoteMemberships', () => <PromoteMembershipsPage />),
  promotionRoute('promoteSubscriptions', 'ShowMeSettingsPromoteSubscriptions', () => (
    <PromoteSubscriptionsPage />
  )),
  {
    // Anyone may read how Quire works on a phone; nothing here is the viewer's own.
    path: MOBILE_BETA_PATH,
    name: 'ShowMeSettingsMobileBeta',
    render: () => <MobileBetaPage />,
    prefetch: async () => 200,
    head: () => ({ title: mobileBetaTexts.title }),
  },
  {
    // The mailed link that adds a password; a link that cannot be used says why on the page.
    path: '/m/account/convert/:token',
    name: 'AcctMAccountConvertByToken',
    render: ({ params }) => <AccountConvertPage token={params.token ?? ''} />,
    prefetch: async ({ trpc, queryClient }, params) => {
      await queryClient
        .fetchQuery(trpc.account.convertLink.queryOptions({ token: params.token ?? '' }, { retry: false }))
        .catch(() => undefined);
      return 200;
    },
    head: () => ({ title: accountConvertTexts.title }),
  },
  {
    // The link that signs an account in on another device; the page asks before it signs in.
    path: '/m/app/login/:token',
    name: 'AcctMAppLoginByToken',
    render: ({ params }) => <AppLoginPage token={params.token ?? ''} />,
    prefetch: async ({ trpc, queryClient }, params) => {
      await queryClient
        .fetchQuery(trpc.auth.appLoginLink.queryOptions({ token: params.token ?? '' }, { retry: false }))
        .catch(() => undefined);
      return 200;
    },
    head: () => ({ title: appLoginTexts.title }),
  },
  ...emailSettingsRoutes,
];
