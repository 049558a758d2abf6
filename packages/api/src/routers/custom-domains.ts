import { textInput } from '@quire/domain';
import { z } from 'zod';
import {
  checkCustomDomainNow,
  currentCustomDomain,
  removeCustomDomain,
  setCustomDomain,
  setSubdomain,
  subdomainState,
} from '../services/custom-domains';
import { authedProcedure, router, transactionalProcedure } from '../trpc';

/** Room for a pasted URL around the longest host name; the service gives the precise refusal. */
const domainInput = z.object({ domain: textInput().max(400) });

/**
 * Spec §2 /me/settings/custom-domain and /me/create-subdomain: the viewer's custom domain (its DNS check's state
 * machine) and their profile's subdomain. Each procedure asks the policy (actAs the viewer).
 */
export const customDomainsRouter = router({
  /** The viewer's domain, its state and the DNS records to create; null when they have none. */
  current: authedProcedure.query(({ ctx }) =>
    currentCustomDomain(ctx.em, ctx.viewer, { user: ctx.viewer.id }, ctx.env),
  ),
  /** Claims a domain for the viewer's profile; refused next to the field when malformed or taken. */
  setDomain: transactionalProcedure
    .input(domainInput)
    .mutation(({ ctx, input }) =>
      setCustomDomain(ctx.em, ctx.viewer, { user: ctx.viewer.id }, input.domain, ctx.env, ctx.now()),
    ),
  /** Removes the viewer's domain; it stops being served at once. */
  removeDomain: transactionalProcedure.mutation(({ ctx }) =>
    removeCustomDomain(ctx.em, ctx.viewer, { user: ctx.viewer.id }),
  ),
  /** Looks the domain's records up now (once a minute at most); a failed domain starts checking again. */
  checkNow: transactionalProcedure.mutation(({ ctx }) =>
    checkCustomDomainNow(ctx.em, ctx.viewer, { user: ctx.viewer.id }, ctx.env, ctx.now()),
  ),
  /** The profile's subdomain address and whether it is on. */
  subdomain: authedProcedure.query(({ ctx }) => subdomainState(ctx.em, ctx.viewer, ctx.env)),
  /** Turns the profile's subdomain on or off. */
  setSubdomain: transactionalProcedure
    .input(z.object({ on: z.boolean() }))
    .mutation(({ ctx, input }) => setSubdomain(ctx.em, ctx.viewer, input.on, ctx.env)),
});
