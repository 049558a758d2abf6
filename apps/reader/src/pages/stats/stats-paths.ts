import type { AudienceDetails, PublicationStatsTab, WriterStatsTab } from '@quire/domain';

/* The stats pages' addresses (spec §2 Paths), built in one place for the pages' tabs and links. */

export const statsPaths = {
  /** A writer's stats: /me/stats… for the viewer, /@{username}/stats… by username. */
  writer: (username?: string) => {
    const base = username ? `/@${username}/stats` : '/me/stats';
    return { tab: (tab: WriterStatsTab) => (tab === 'stories' ? base : `${base}/${tab}`) };
  },
  /** One story's stats. */
  story: (postId: string) => `/me/stats/post/${postId}`,
  /** A writer's audience, followers unless `details` says subscribers. */
  audience: (username: string, details: AudienceDetails = 'followers') =>
    details === 'followers' ? `/@${username}/audience` : `/@${username}/audience/${details}`,
  /** A publication's stats tab: /{collectionSlug}/stats for the overview. */
  publication: (slug: string) => (tab: PublicationStatsTab) =>
    tab === 'overview' ? `/${slug}/stats` : `/${slug}/stats/${tab}`,
};
