import { textInput } from '@quire/domain';
import { z } from 'zod';
import {
  checkCustomDomainNow,
  currentCustomDomain,
  type DomainOwner,
  removeCustomDomain,
  setCustomDomain,
  setSubdomain,
  subdomainState,
} from '../services/custom-domains';
import { authedProcedure, router, transactionalProcedure } from '../trpc';

/** Whose domain: the publication named (its editors only, the service asks the policy), else the viewer's own. */
const ownerInput = z.object({ collectionId: textInput().trim().min(1).max(16).optional() });

/** Room for a pasted URL around the longest host name; the service gives the precise refusal. */
const domainInput = ownerInput.extend({ domain: textInput().max(400) });

const ownerOf = (viewerId: string, input: { collectionId?: string | undefined } | undefined): DomainOwner =>
  input?.collectionId ? { collection: input.collectionId } : { user: viewerId };

/**
 * Spec §2 /me/settings/custom-domain and /me/create-subdomain: the viewer's custom domain (its DNS check's state
 * machine) and their profile's subdomain; with a collectionId, a publication's domain (spec §2
 * /{collectionSlug}/settings/custom-domain). Each procedure asks the policy (actAs the viewer, or managePublication).
 */
export const customDomainsRouter = router({
  /** The viewer's domain, its state and the DNS records to create; null when they have none. */
  current: authedProcedure
    .input(ownerInput.optional())
    .query(({ ctx, input }) =>
      currentCustomDomain(ctx.em, ctx.viewer, ownerOf(ctx.viewer.id, input), ctx.env),
    ),
  /** Claims a domain for the viewer's profile; refused next to the field when malformed or taken. */
  setDomain: transactionalProcedure
    .input(domainInput)
    .mutation(({ ctx, input }) =>
      setCustomDomain(ctx.em, ctx.viewer, ownerOf(ctx.viewer.id, input), input.domain, ctx.env, ctx.now()),
    ),
  /** Removes the viewer's domain; it stops being served at once. */
  removeDomain: transactionalProcedure
    .input(ownerInput.optional())
    .mutation(({ ctx, input }) => removeCustomDomain(ctx.em, ctx.viewer, ownerOf(ctx.viewer.id, input))),
  /** Looks the domain's records up now (once a minute at most); a failed domain starts checking again. */
  checkNow: transactionalProcedure
    .input(ownerInput.optional())
    .mutation(({ ctx, input }) =>
      checkCustomDomainNow(ctx.em, ctx.viewer, ownerOf(ctx.viewer.id, input), ctx.env, ctx.now()),
    ),
  /** The profile's subdomain address and whether it is on. */
  subdomain: authedProcedure.query(({ ctx }) => subdomainState(ctx.em, ctx.viewer, ctx.env)),
  /** Turns the profile's subdomain on or off. */
  setSubdomain: transactionalProcedure
    .input(z.object({ on: z.boolean() }))
    .mutation(({ ctx, input }) => setSubdomain(ctx.em, ctx.viewer, input.on, ctx.env)),
});
