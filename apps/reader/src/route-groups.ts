import { lazyRouteGroup } from './lib/lazy-route-group';
import { routeIndex } from './route-index.gen';
import type { PageRoute } from './routes';

/**
 * The route modules a page loads only when one of their paths is shown, by capability: each module's file (as
 * Vite's manifest names it) and its routes. Their patterns are in route-index.gen.ts, so that paths are matched
 * before a module loads (lib/lazy-route-group.tsx).
 */
export const routeModules = {
  stats: {
    id: 'src/pages/stats/stats-routes.tsx',
    load: () => import('./pages/stats/stats-routes').then((m) => m.statsRoutes),
  },
  search: {
    id: 'src/pages/search-routes.tsx',
    load: () => import('./pages/search-routes').then((m) => m.searchRoutes),
  },
  gift: {
    id: 'src/pages/gift-routes.tsx',
    load: () => import('./pages/gift-routes').then((m) => m.giftRoutes),
  },
  membership: {
    id: 'src/pages/membership-routes.tsx',
    load: () => import('./pages/membership-routes').then((m) => m.membershipRoutes),
  },
  settings: {
    id: 'src/pages/settings/settings-routes.tsx',
    load: () => import('./pages/settings/settings-routes').then((m) => m.settingsRoutes),
  },
  account: {
    id: 'src/pages/settings/account-routes.tsx',
    load: () => import('./pages/settings/account-routes').then((m) => m.accountRoutes),
  },
  yourPages: {
    id: 'src/pages/your-pages/your-pages-routes.tsx',
    load: () => import('./pages/your-pages/your-pages-routes').then((m) => m.yourPagesRoutes),
  },
  onboarding: {
    id: 'src/pages/onboarding/onboarding-routes.tsx',
    load: () => import('./pages/onboarding/onboarding-routes').then((m) => m.onboardingRoutes),
  },
  export: {
    id: 'src/pages/export/export-routes.tsx',
    load: () => import('./pages/export/export-routes').then((m) => m.exportRoutes),
  },
  developerApps: {
    id: 'src/pages/developer-apps/developer-apps-routes.tsx',
    load: () => import('./pages/developer-apps/developer-apps-routes').then((m) => m.developerAppRoutes),
  },
  import: {
    id: 'src/pages/import/import-routes.tsx',
    load: () => import('./pages/import/import-routes').then((m) => m.importRoutes),
  },
  domains: {
    id: 'src/pages/domains/domain-routes.tsx',
    load: () => import('./pages/domains/domain-routes').then((m) => m.domainRoutes),
  },
  publicationAdmin: {
    id: 'src/pages/publication-admin/publication-admin-routes.tsx',
    load: () =>
      import('./pages/publication-admin/publication-admin-routes').then((m) => m.publicationAdminRoutes),
  },
  newsletterAdmin: {
    id: 'src/pages/newsletter-admin/newsletter-admin-routes.tsx',
    load: () =>
      import('./pages/newsletter-admin/newsletter-admin-routes').then((m) => m.newsletterAdminRoutes),
  },
  publicationDesign: {
    id: 'src/pages/publication-admin/publication-design-routes.tsx',
    load: () =>
      import('./pages/publication-admin/publication-design-routes').then((m) => m.publicationDesignRoutes),
  },
  partnerDashboard: {
    id: 'src/pages/partner-dashboard/partner-dashboard-routes.tsx',
    load: () =>
      import('./pages/partner-dashboard/partner-dashboard-routes').then((m) => m.partnerDashboardRoutes),
  },
  partner: {
    id: 'src/pages/partner/partner-routes.tsx',
    load: () => import('./pages/partner/partner-routes').then((m) => m.partnerRoutes),
  },
  payouts: {
    id: 'src/pages/payouts/payout-routes.tsx',
    load: () => import('./pages/payouts/payout-routes').then((m) => m.payoutRoutes),
  },
  newsletters: {
    id: 'src/pages/newsletters/newsletter-routes.tsx',
    load: () => import('./pages/newsletters/newsletter-routes').then((m) => m.newsletterRoutes),
  },
  newsletterStats: {
    id: 'src/pages/newsletter-stats/newsletter-stats-routes.tsx',
    load: () =>
      import('./pages/newsletter-stats/newsletter-stats-routes').then((m) => m.newsletterStatsRoutes),
  },
} satisfies Record<string, { id: string; load: () => Promise<PageRoute[]> }>;

export type RouteModuleName = keyof typeof routeModules;

/** A route module's routes, matched by the index before the module loads. */
export const lazyRoutes = (name: RouteModuleName): PageRoute[] =>
  lazyRouteGroup(routeModules[name].id, routeModules[name].load, routeIndex[name]);
