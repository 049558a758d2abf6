import type { useTRPC } from '../../trpc';

/* The newsletter back office's queries, shared by the routes' prefetch and the pages (the routes load no page code). */

type Trpc = ReturnType<typeof useTRPC>;

export function newsletterAdminQueries(trpc: Trpc) {
  return {
    /** /{collectionSlug}/new-newsletter: the publication and its newsletter, if any. */
    forPublication: (slug: string) =>
      trpc.newsletterAdmin.forPublication.queryOptions({ slug }, { staleTime: 0, retry: false }),
    /** /{collectionSlug}/newsletters/{newsletterSlug}/settings. */
    settings: (slug: string, newsletterSlug: string) =>
      trpc.newsletterAdmin.settings.queryOptions({ slug, newsletterSlug }, { staleTime: 0, retry: false }),
    /** /newsletters/{newsletterV3Id}/new-email. */
    compose: (newsletterId: string) =>
      trpc.newsletterAdmin.compose.queryOptions({ newsletterId }, { staleTime: 0, retry: false }),
    /** /me/subscribers/import and /confirm-export: the viewer's newsletter, or the publication's named. */
    target: (newsletterId: string | null) =>
      trpc.newsletterAdmin.subscribersTarget.queryOptions({ newsletterId }, { staleTime: 0, retry: false }),
    /** The newsletter's latest subscriber export. */
    latestExport: (newsletterId: string) =>
      trpc.newsletterAdmin.latestExport.queryOptions({ newsletterId }, { staleTime: 0, retry: false }),
  };
}
