import {
  AUDIENCE_DETAILS,
  type AudienceDetails,
  audiencePeriodOf,
  type PublicationStatsTab,
  parsePostId,
  type StatsPeriod,
  statsPeriodOf,
  statsTexts as texts,
  type WriterStatsTab,
} from '@quire/domain';
import { lazyPages } from '../../lib/lazy-page';
import { prefetchSignedIn, signedInRoute } from '../../lib/signed-in-route';
import type { PageProps, PageRoute, PrefetchContext } from '../../routes';
import { profileUsername } from '../page-params';
import { statsQueries, type WriterKey } from './stats-queries';

// The stats pages load on demand (see lib/lazy-page.tsx), together; their chart library loads after them.
const pages = lazyPages('src/pages/stats/StatsPages.tsx', () => import('./StatsPages'));
const WriterStatsPage = pages('WriterStatsPage');
const StoryStatsPage = pages('StoryStatsPage');
const AudiencePage = pages('AudiencePage');
const PublicationStatsPage = pages('PublicationStatsPage');

type Params = PageProps['params'];

const periodOf = (query: URLSearchParams): StatsPeriod => statsPeriodOf(query.get('period'));

/** A publication's slug from a '/:owner/…' path; a profile's ('@…') names none. */
const slugOf = (owner: string | undefined) => (owner && !owner.startsWith('@') ? owner : null);

/** The story a '/me/stats/post/{postId}' path names, by its id or its '{slug}-{id}'. */
const storyIdOf = (params: Params) => parsePostId(params.postId ?? '') ?? '';

/** Loads a writer's stats and the first page of their table. */
const loadWriter = (ctx: PrefetchContext, who: WriterKey, tab: WriterStatsTab) => {
  const q = statsQueries(ctx.trpc);
  const period = periodOf(ctx.query);
  return prefetchSignedIn(() =>
    Promise.all([
      ctx.queryClient.fetchQuery(q.writer(who, period)),
      ctx.queryClient.fetchInfiniteQuery(q.writerTable(who, period, tab)),
    ]),
  );
};

/** /me/stats[/responses|/series]: the viewer's own stats. */
const myStatsRoute = (path: string, name: string, tab: WriterStatsTab): PageRoute =>
  signedInRoute(
    path,
    name,
    'your stats',
    { head: () => ({ title: texts.title }) },
    ({ query }) => <WriterStatsPage tab={tab} period={periodOf(query)} />,
    (ctx) => loadWriter(ctx, {}, tab),
  );

/** /@{username}/stats[/responses|/series]: the same, for that user themself only (anyone else: 404). */
const userStatsRoute = (sub: string, name: string, tab: WriterStatsTab): PageRoute =>
  signedInRoute(
    `/:owner/stats${sub}`,
    name,
    'your stats',
    { head: () => ({ title: texts.title }) },
    ({ params, query }) => (
      <WriterStatsPage username={profileUsername(params.owner) ?? ''} tab={tab} period={periodOf(query)} />
    ),
    async (ctx, params) => {
      const username = profileUsername(params.owner);
      return username ? loadWriter(ctx, { username }, tab) : 404;
    },
  );

/** A publication's stats tab, for its owner and editors (a profile's path, or anyone else: 404). */
const publicationStatsRoute = (sub: string, name: string, tab: PublicationStatsTab): PageRoute =>
  signedInRoute(
    `/:owner/stats${sub}`,
    name,
    'the stats of this publication',
    { head: () => ({ title: texts.publicationTitle }) },
    ({ params, query }) => (
      <PublicationStatsPage slug={slugOf(params.owner) ?? ''} tab={tab} period={periodOf(query)} />
    ),
    async (ctx, params) => {
      const slug = slugOf(params.owner);
      if (!slug) return 404;
      const q = statsQueries(ctx.trpc);
      const period = periodOf(ctx.query);
      return prefetchSignedIn(() =>
        tab === 'overview'
          ? ctx.queryClient.fetchQuery(q.publication(slug, period))
          : tab === 'stories'
            ? ctx.queryClient.fetchInfiniteQuery(q.publicationStories(slug, period))
            : ctx.queryClient.fetchQuery(q.publicationDigests(slug)),
      );
    },
  );

/** /@{username}/audience[/{details}]: followers (or subscribers) over time, for that user themself only. */
const audienceRoute = (path: string, name: string): PageRoute =>
  signedInRoute(
    path,
    name,
    'your audience',
    { head: () => ({ title: texts.audienceTitle }) },
    ({ params, query }) => (
      <AudiencePage
        username={profileUsername(params.owner) ?? ''}
        details={(params.details ?? 'followers') as AudienceDetails}
        period={audiencePeriodOf(query.get('period'))}
      />
    ),
    async (ctx, params) => {
      const username = profileUsername(params.owner);
      const details = params.details ?? 'followers';
      if (!username || !(AUDIENCE_DETAILS as readonly string[]).includes(details)) return 404;
      const period = audiencePeriodOf(ctx.query.get('period'));
      return prefetchSignedIn(() =>
        ctx.queryClient.fetchQuery(
          statsQueries(ctx.trpc).audience(username, period, details as AudienceDetails),
        ),
      );
    },
  );

const userStats = userStatsRoute('', 'ShowUserStats', 'stories');
const publicationOverview = publicationStatsRoute('', 'ShowByCollectionSlugStats', 'overview');
const statsRouteFor = (params: Params) => (profileUsername(params.owner) ? userStats : publicationOverview);

/**
 * '/:owner/stats' is a writer's stats ('@…') or a publication's overview: the route dispatches on the '@'
 * (spec §2 /@{username}/stats, /{collectionSlug}/stats).
 */
const ownerStats: PageRoute = {
  ...userStats,
  dispatch: statsRouteFor,
  render: (props) => statsRouteFor(props.params).render(props),
  prefetch: (ctx, params) => statsRouteFor(params).prefetch?.(ctx, params) ?? Promise.resolve(200),
  head: (ctx, params) => statsRouteFor(params).head?.(ctx, params) ?? {},
};

/** Spec §2 the stats pages: a writer's own, a story's, a writer's audience, a publication's. */
export const statsRoutes: PageRoute[] = [
  myStatsRoute('/me/stats', 'ShowStats', 'stories'),
  // The spec's bare /stats (listed with the newsletter paths) is the viewer's own stats; a newsletter's are at
  // /newsletters/{id}/stats.
  myStatsRoute('/stats', 'ShowStatsPath', 'stories'),
  myStatsRoute('/me/stats/responses', 'ShowMeStatsResponses', 'responses'),
  myStatsRoute('/me/stats/series', 'ShowMeStatsSeries', 'series'),
  signedInRoute(
    '/me/stats/post/:postId',
    'ShowStatsPost',
    'the stats of your story',
    { head: () => ({ title: texts.storyTitle }) },
    ({ params, query }) => <StoryStatsPage postId={storyIdOf(params)} period={periodOf(query)} />,
    async (ctx, params) => {
      const postId = storyIdOf(params);
      if (!postId) return 404;
      return prefetchSignedIn(() =>
        ctx.queryClient.fetchQuery(statsQueries(ctx.trpc).story(postId, periodOf(ctx.query))),
      );
    },
  ),
  ownerStats,
  userStatsRoute('/responses', 'ShowUserStatsResponses', 'responses'),
  userStatsRoute('/series', 'ShowUserStatsSeries', 'series'),
  publicationStatsRoute('/overview', 'ShowByCollectionSlugStatsOverview', 'overview'),
  publicationStatsRoute('/stories', 'ShowByCollectionSlugStatsStories', 'stories'),
  publicationStatsRoute(
    '/publication-digests',
    'ShowByCollectionSlugStatsPublicationDigests',
    'publication-digests',
  ),
  audienceRoute('/:owner/audience', 'ShowUserAudience'),
  audienceRoute('/:owner/audience/:details', 'ShowUserAudienceByDetails'),
];
