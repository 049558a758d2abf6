import { newsletterSubscribeTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute, PrefetchContext } from '../../routes';
import { NotFoundPage } from '../NotFoundPage';
import { profileUsername } from '../page-params';
import { newsletterQueries } from './newsletter-queries';

// The newsletter pages load on demand (see lib/lazy-page.tsx), together.
const pages = lazyPages('src/pages/newsletters/NewsletterPages.tsx', () => import('./NewsletterPages'));
const WriterSubscribePage = pages('WriterSubscribePage');
const PublicationNewsletterLanding = pages('PublicationNewsletterLanding');
const MyNewslettersPage = pages('MyNewslettersPage');
const SubscriptionConfirmedPage = pages('SubscriptionConfirmedPage');
const SubscriptionConfirmFailedPage = pages('SubscriptionConfirmFailedPage');

/** Loads a page's query; a missing writer, publication or newsletter is a 404. */
async function statusOf(load: Promise<unknown>): Promise<number> {
  try {
    await load;
    return 200;
  } catch {
    return 404;
  }
}

/** A writer's subscribe landing, at either of its two addresses (the @username segment named `param`). */
const writerLanding = (path: string, name: string, param: 'owner' | 'username'): PageRoute => ({
  path,
  name,
  render: ({ params }) => {
    const username = profileUsername(params[param]);
    return username ? <WriterSubscribePage username={username} /> : <NotFoundPage />;
  },
  prefetch: (ctx: PrefetchContext, params) => {
    const username = profileUsername(params[param]);
    if (!username) return Promise.resolve(404);
    return statusOf(ctx.queryClient.fetchQuery(newsletterQueries(ctx.trpc).writerLanding(username)));
  },
  head: (ctx, params) => {
    const username = profileUsername(params[param]);
    const data = username
      ? ctx.queryClient.getQueryData(newsletterQueries(ctx.trpc).writerLanding(username).queryKey)
      : undefined;
    return data
      ? {
          title: texts.landingTitle(data.writer.name),
          description: texts.landingLead(data.writer.name),
          canonicalPath: `/subscribe/@${data.writer.username}`,
        }
      : {};
  },
});

/** Spec §2 Profiles subscribe paths, ShowCollectionNewsletterLanding, Your pages /me/newsletters, and the confirmation's landing. */
export const newsletterRoutes: PageRoute[] = [
  writerLanding('/subscribe/:username', 'ShowSubscribeUser', 'username'),
  writerLanding('/:owner/subscribe', 'ShowUserSubscribe', 'owner'),
  {
    path: '/:collectionSlug/newsletters/:newsletterSlug',
    name: 'ShowCollectionNewsletterLanding',
    render: ({ params }) => (
      <PublicationNewsletterLanding
        slug={params.collectionSlug ?? ''}
        newsletterSlug={params.newsletterSlug ?? ''}
      />
    ),
    prefetch: (ctx, params) =>
      statusOf(
        ctx.queryClient.fetchQuery(
          newsletterQueries(ctx.trpc).publicationLanding(
            params.collectionSlug ?? '',
            params.newsletterSlug ?? '',
          ),
        ),
      ),
    head: (ctx, params) => {
      const data = ctx.queryClient.getQueryData(
        newsletterQueries(ctx.trpc).publicationLanding(
          params.collectionSlug ?? '',
          params.newsletterSlug ?? '',
        ).queryKey,
      );
      return data
        ? {
            title: `${data.newsletter.name} – ${data.publication.name}`,
            description: data.newsletter.description || texts.landingLead(data.publication.name),
          }
        : {};
    },
  },
  signedInRoute(
    '/me/newsletters',
    'ShowMeNewsletters',
    'your newsletters',
    { head: () => ({ title: texts.mineTitle }) },
    () => <MyNewslettersPage />,
    ({ trpc, queryClient }) => prefetchSignedIn(() => queryClient.fetchQuery(newsletterQueries(trpc).mine())),
  ),
  {
    // Not in the spec: where a subscription's confirmation link lands.
    path: '/m/newsletter/confirmed/:newsletterId',
    name: 'ShowNewsletterConfirmed',
    render: ({ params }) => <SubscriptionConfirmedPage newsletterId={params.newsletterId ?? ''} />,
    prefetch: async (ctx, params) => {
      const state = await ctx.queryClient
        .fetchQuery(newsletterQueries(ctx.trpc).state(params.newsletterId ?? ''))
        .catch(() => null);
      return state?.newsletter ? 200 : 404;
    },
    head: () => ({ title: texts.confirmedTitle }),
  },
  {
    path: '/m/newsletter/confirm-failed',
    name: 'ShowNewsletterConfirmFailed',
    render: () => <SubscriptionConfirmFailedPage />,
    prefetch: async () => 200,
    head: () => ({ title: texts.confirmFailedTitle }),
  },
];
