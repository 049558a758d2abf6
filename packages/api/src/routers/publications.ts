import {
  featurePageInput,
  INVITABLE_ROLES,
  invitePersonInput,
  navigationInput,
  newPublicationInput,
  publicationFieldsInput,
  publicationSlugInput,
  textInput,
} from '@quire/domain';
import { z } from 'zod';
import { slug, timeCursor } from '../schemas';
import { createPublication, slugAvailability } from '../services/publication-admin/create';
import {
  answerInvitation,
  invitePerson,
  revokeInvitation,
  yourInvitations,
} from '../services/publication-admin/invitations';
import {
  deleteFeaturePage,
  featurePageForEdit,
  navigationSettings,
  saveFeaturePage,
  saveNavigation,
} from '../services/publication-admin/navigation';
import {
  changeRole,
  leavePublication,
  publicationPeople,
  removeMember,
  transferOwnership,
} from '../services/publication-admin/people';
import {
  deletePublication,
  followersCsv,
  publicationSettings,
  setPublicationArchived,
  updatePublication,
} from '../services/publication-admin/settings';
import { publicationByDomainOrSlug, publicationFavicon, publicationHome } from '../services/publications';
import { authedProcedure, publicProcedure, router, transactionalProcedure } from '../trpc';

const domainOrSlug = z.object({
  domainOrSlug: textInput()
    .trim()
    .min(1, 'A publication domain or slug is required.')
    .max(253, 'A publication domain or slug is at most 253 characters.'),
});

const id = textInput().trim().min(1).max(16);
const member = z.object({ collectionId: id, userId: id });

export const publicationsRouter = router({
  /** Spec §7 PublicationSearchQuery: the publication a search is scoped to, by hostname or slug. */
  byDomainOrSlug: publicProcedure
    .input(domainOrSlug)
    .query(({ ctx, input }) => publicationByDomainOrSlug(ctx.em, ctx.viewer, input.domainOrSlug)),
  /** Spec §4 Favicon / §7 PublicationFaviconQuery: the publication's favicon image id (null: the default). */
  favicon: publicProcedure
    .input(domainOrSlug)
    .query(({ ctx, input }) => publicationFavicon(ctx.em, ctx.viewer, input.domainOrSlug)),
  /** Spec §2 /{collectionSlug}: the publication home, its spec §3 Collection viewerEdge and latest stories. */
  home: publicProcedure
    .input(z.object({ slug, cursor: timeCursor }))
    .query(({ ctx, input }) =>
      publicationHome(ctx.em, ctx.viewer, input.slug, input.cursor, { cacheMs: ctx.env.forYouCacheMs }),
    ),

  /** Spec §2 /new-publication: whether a slug can be taken, checked as the creator types it. */
  slugAvailability: authedProcedure
    .input(z.object({ slug: publicationSlugInput }))
    .query(({ ctx, input }) => slugAvailability(ctx.em, input.slug)),
  /** Spec §2 /new-publication: creates a publication owned by the viewer. */
  create: transactionalProcedure
    .input(newPublicationInput)
    .mutation(({ ctx, input }) => createPublication(ctx.em, ctx.viewer, input)),

  /** Spec §2 /{collectionSlug}/permissions: members, open invitations and what the viewer may change. */
  people: authedProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) => publicationPeople(ctx.em, ctx.viewer, input.slug, ctx.now())),
  /** Invites someone, by username or email, as an editor or a writer. */
  invite: transactionalProcedure
    .input(invitePersonInput)
    .mutation(({ ctx, input }) => invitePerson(ctx.em, ctx, ctx.viewer, input)),
  /** Withdraws an open invitation. */
  revokeInvitation: transactionalProcedure
    .input(z.object({ invitationId: id }))
    .mutation(({ ctx, input }) => revokeInvitation(ctx.em, ctx.viewer, input)),
  /** Makes a member an editor or a writer. */
  changeRole: transactionalProcedure
    .input(member.extend({ role: z.enum(INVITABLE_ROLES) }))
    .mutation(({ ctx, input }) => changeRole(ctx.em, ctx.viewer, input)),
  /** Removes a member (their published stories stay). */
  removeMember: transactionalProcedure
    .input(member)
    .mutation(({ ctx, input }) => removeMember(ctx.em, ctx.viewer, input)),
  /** Hands the publication to another member; the owner becomes an editor. */
  transferOwnership: transactionalProcedure
    .input(member)
    .mutation(({ ctx, input }) => transferOwnership(ctx.em, ctx.viewer, input)),
  /** The viewer leaves a publication. */
  leave: transactionalProcedure
    .input(z.object({ collectionId: id }))
    .mutation(({ ctx, input }) => leavePublication(ctx.em, ctx.viewer, input)),

  /** Spec §2 /{collectionSlug}/settings: the publication's editable fields, for its editors. */
  settings: authedProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) => publicationSettings(ctx.em, ctx.viewer, input.slug)),
  /** Saves the settings form. */
  update: transactionalProcedure
    .input(publicationFieldsInput)
    .mutation(({ ctx, input }) => updatePublication(ctx.em, ctx.viewer, input)),
  /** Spec §2 /{collectionSlug}/settings/followers: the followers as CSV. */
  followersCsv: authedProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) => followersCsv(ctx.em, ctx.viewer, input.slug)),
  /** Deletes the publication (its owner, typing its name); its stories stay with their writers. */
  delete: transactionalProcedure
    .input(z.object({ collectionId: id, confirmName: textInput().max(200) }))
    .mutation(({ ctx, input }) => deletePublication(ctx.em, ctx.viewer, input)),
  /** Archives the publication (read-only, no new stories or people) or brings it back; its owner alone. */
  setArchived: transactionalProcedure
    .input(z.object({ collectionId: id, archived: z.boolean() }))
    .mutation(({ ctx, input }) => setPublicationArchived(ctx.em, ctx.viewer, input)),

  /** Spec §2 /{collectionSlug}/settings/navigation and /settings/feature-pages: tabs, feature pages, stories. */
  navigation: authedProcedure
    .input(z.object({ slug }))
    .query(({ ctx, input }) => navigationSettings(ctx.em, ctx.viewer, input.slug)),
  /** Saves the navigation bar's tabs. */
  saveNavigation: transactionalProcedure
    .input(navigationInput)
    .mutation(({ ctx, input }) => saveNavigation(ctx.em, ctx.viewer, input)),
  /** /settings/feature-pages/{topicSlug}/edit: one feature page for its form. */
  featurePage: authedProcedure
    .input(z.object({ slug, pageSlug: slug }))
    .query(({ ctx, input }) => featurePageForEdit(ctx.em, ctx.viewer, input.slug, input.pageSlug)),
  /** Creates or changes a feature page. */
  saveFeaturePage: transactionalProcedure
    .input(featurePageInput)
    .mutation(({ ctx, input }) => saveFeaturePage(ctx.em, ctx.viewer, input)),
  /** Deletes a feature page and its navigation tabs. */
  deleteFeaturePage: transactionalProcedure
    .input(z.object({ collectionId: id, pageSlug: slug }))
    .mutation(({ ctx, input }) => deleteFeaturePage(ctx.em, ctx.viewer, input)),

  /** /me/publications: the invitations addressed to the viewer. */
  invitations: authedProcedure.query(({ ctx }) => yourInvitations(ctx.em, ctx.viewer, ctx.now())),
  /** Accepts or declines an invitation addressed to the viewer. */
  answerInvitation: transactionalProcedure
    .input(z.object({ invitationId: id, accept: z.boolean() }))
    .mutation(({ ctx, input }) => answerInvitation(ctx.em, ctx.viewer, input, ctx.now())),
});
