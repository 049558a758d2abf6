import { emailSettingsTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import type { PageRoute } from '../../routes';
import { kindPath, signedLinkOf } from './email-settings-links';

// The email-settings pages load on demand (see lib/lazy-page.tsx).
const pages = lazyPages('src/pages/settings/EmailSettingsPages.tsx', () => import('./EmailSettingsPages'));
const EmailSettingsPage = pages('EmailSettingsPage');
const UnsubscribeAllPage = pages('UnsubscribeAllPage');

/**
 * Spec §2 /me/email-settings/{userId}/{hash} and the unsubscribe-all pages: opened from an email, signed in or
 * not. A forged or altered link answers 404 with a page that says so.
 */
export const emailSettingsRoutes: PageRoute[] = [
  {
    path: '/me/email-settings/:userId/:hash',
    name: 'ShowMeEmailSettingsByUserIdByHash',
    render: (props) => <EmailSettingsPage {...props} />,
    prefetch: async ({ trpc, queryClient, query }, params) => {
      const link = signedLinkOf(params, query);
      if (!link) return 404;
      try {
        await queryClient.fetchQuery({ ...trpc.emailSettings.signed.queryOptions(link), retry: false });
        return 200;
      } catch {
        return 404;
      }
    },
    head: () => ({ title: texts.pageTitle }),
  },
  ...(['newsletters', 'authorNewsletters'] as const).map(
    (kind): PageRoute => ({
      path: `/me/${kindPath[kind]}`,
      name:
        kind === 'newsletters' ? 'ShowMeUnsubscribeAllNewsletters' : 'ShowMeUnsubscribeAllAuthorNewsletters',
      render: (props) => <UnsubscribeAllPage {...props} kind={kind} />,
      prefetch: async () => 200,
      head: () => ({ title: texts.unsubscribeAll[kind].title }),
    }),
  ),
];
