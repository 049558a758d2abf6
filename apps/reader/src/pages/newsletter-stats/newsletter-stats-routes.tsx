import { newsletterStatsTexts as texts } from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageRoute } from '../../routes';
import { newsletterStatsQueries } from './newsletter-stats-queries';

// The page loads on demand (see lib/lazy-page.tsx).
const pages = lazyPages(
  'src/pages/newsletter-stats/NewsletterStatsPage.tsx',
  () => import('./NewsletterStatsPage'),
);
const NewsletterStatsPage = pages('NewsletterStatsPage');

/** Spec §2 Newsletters /newsletters/{newsletterV3Id}/stats: the newsletter's managers only (anyone else: 404). */
export const newsletterStatsRoutes: PageRoute[] = [
  signedInRoute(
    '/newsletters/:newsletterId/stats',
    'ShowNewsletterStats',
    'the newsletter’s stats',
    {
      head: (ctx, params) => {
        const data = ctx.queryClient.getQueryData(
          newsletterStatsQueries(ctx.trpc).issues(params.newsletterId ?? '').queryKey,
        );
        const name = data?.pages[0]?.newsletter.name;
        return name ? { title: texts.title(name) } : {};
      },
    },
    ({ params }) => <NewsletterStatsPage newsletterId={params.newsletterId ?? ''} />,
    (ctx, params) =>
      prefetchSignedIn(() =>
        ctx.queryClient.fetchInfiniteQuery(
          newsletterStatsQueries(ctx.trpc).issues(params.newsletterId ?? ''),
        ),
      ),
  ),
];
