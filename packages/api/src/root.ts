import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accountRouter } from './routers/account';
import { accountDeletionRouter } from './routers/account-deletion';
import { authRouter } from './routers/auth';
import { cacheRouter } from './routers/cache';
import { customDomainsRouter } from './routers/custom-domains';
import { developerRouter } from './routers/developer';
import { discoveryRouter } from './routers/discovery';
import { earningsRouter } from './routers/earnings';
import { emailSettingsRouter } from './routers/email-settings';
import { exportsRouter } from './routers/exports';
import { flagsRouter } from './routers/flags';
import { giftsRouter } from './routers/gifts';
import { highlightsRouter } from './routers/highlights';
import { importsRouter } from './routers/imports';
import { listsRouter } from './routers/lists';
import { membershipRouter } from './routers/membership';
import { newsletterAdminRouter } from './routers/newsletter-admin';
import { newsletterStatsRouter } from './routers/newsletter-stats';
import { newslettersRouter } from './routers/newsletters';
import { notesRouter } from './routers/notes';
import { notificationsRouter } from './routers/notifications';
import { oauthRouter } from './routers/oauth';
import { onboardingRouter } from './routers/onboarding';
import { partnerRouter } from './routers/partner';
import { postsRouter } from './routers/posts';
import { profilesRouter } from './routers/profiles';
import { publicationDesignRouter } from './routers/publication-design';
import { publicationStoriesRouter } from './routers/publication-stories';
import { publicationsRouter } from './routers/publications';
import { readingRouter } from './routers/reading';
import { searchRouter } from './routers/search';
import { securityRouter } from './routers/security';
import { seriesRouter } from './routers/series';
import { socialRouter } from './routers/social';
import { statsRouter } from './routers/stats';
import { tippingRouter } from './routers/tipping';
import { topicsRouter } from './routers/topics';
import { viewerRouter } from './routers/viewer';
import { writerPromotionsRouter } from './routers/writer-promotions';
import { yourPagesRouter } from './routers/your-pages';
import { createCallerFactory, router } from './trpc';

/** Every tRPC router; the reader, editor and GraphQL shim all go through this one. */
export const appRouter = router({
  accountDeletion: accountDeletionRouter,
  account: accountRouter,
  auth: authRouter,
  cache: cacheRouter,
  viewer: viewerRouter,
  posts: postsRouter,
  flags: flagsRouter,
  publications: publicationsRouter,
  publicationStories: publicationStoriesRouter,
  publicationDesign: publicationDesignRouter,
  profiles: profilesRouter,
  topics: topicsRouter,
  reading: readingRouter,
  search: searchRouter,
  notifications: notificationsRouter,
  social: socialRouter,
  discovery: discoveryRouter,
  lists: listsRouter,
  highlights: highlightsRouter,
  notes: notesRouter,
  series: seriesRouter,
  membership: membershipRouter,
  gifts: giftsRouter,
  security: securityRouter,
  emailSettings: emailSettingsRouter,
  yourPages: yourPagesRouter,
  onboarding: onboardingRouter,
  tipping: tippingRouter,
  writerPromotions: writerPromotionsRouter,
  exports: exportsRouter,
  customDomains: customDomainsRouter,
  developer: developerRouter,
  partner: partnerRouter,
  stats: statsRouter,
  earnings: earningsRouter,
  newsletters: newslettersRouter,
  newsletterAdmin: newsletterAdminRouter,
  newsletterStats: newsletterStatsRouter,
  imports: importsRouter,
  oauth: oauthRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Calls procedures in-process (the GraphQL shim and server-side rendering use this). */
export const createCaller = createCallerFactory(appRouter);
