import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, CustomDomain, User } from '@quire/db';
import {
  CUSTOM_DOMAIN_RULES,
  type CustomDomainFailure,
  type CustomDomainStatus,
  customDomainTexts,
  type DnsRecordToCreate,
  DOMAIN_MAX_LENGTH,
} from '@quire/domain';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { enforce } from '../policies';
import { purgeCacheTags } from './cache-purge';
import type { ServiceEnvironment } from './environment';

/*
 * Custom domains (spec §2 /me/settings/custom-domain; §3 customDomainState) and the profile's subdomain
 * (/me/create-subdomain; hasSubdomain). A domain is claimed by its owner (a user's profile, or a publication),
 * then a job looks its DNS records up until they point here; the state machine's rules are
 * CUSTOM_DOMAIN_RULES in @quire/domain. Host routing (apps/server hosts.ts) serves LIVE domains, and forgets
 * what it cached about a host when a purge names it (`host-{domain}`, `user-{id}`, `subdomain-{username}`).
 */

// ── Configuration ────────────────────────────────────────────────────────────────────────────

/** The DNS lookups the check makes: node:dns in production, a fake in tests. */
export interface DnsResolver {
  resolveCname(host: string): Promise<string[]>;
  resolve4(host: string): Promise<string[]>;
}

/** Where custom domains point and how their records are looked up. */
export interface CustomDomainSettings {
  resolver: DnsResolver;
  /** The host a domain's CNAME record names; the public URL's host name by default. */
  cnameTarget: string;
  /** Addresses a root domain's A records name; none: the CNAME target's own addresses count. */
  ips: string[];
}

/** The system's resolver with a short timeout, so a lookup never holds a check for long. */
export function systemDnsResolver(timeoutMs = 2500): DnsResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  return {
    resolveCname: (host) => resolver.resolveCname(host),
    resolve4: (host) => resolver.resolve4(host),
  };
}

let defaultResolver: DnsResolver | null = null;

/** The deployment's settings, or the defaults: the system resolver, a CNAME to the site's own host. */
export function customDomainSettings(
  env: Pick<ServiceEnvironment, 'publicUrl' | 'customDomains'>,
): CustomDomainSettings {
  const site = siteHostname(env);
  const given = env.customDomains;
  defaultResolver ??= systemDnsResolver();
  return {
    resolver: given?.resolver ?? defaultResolver,
    cnameTarget: normalHost(given?.cnameTarget || site),
    ips: given?.ips ?? [],
  };
}

const siteHostname = (env: Pick<ServiceEnvironment, 'publicUrl'>) => new URL(env.publicUrl).hostname;
const normalHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

// ── The domain a user types ─────────────────────────────────────────────────────────────────────

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The domain as stored (lower-case ASCII, IDNA/punycode), or the reason it is not one we can serve: a host name
 * of at least two labels, not an IP address, not the site's own host or one of its subdomains. A pasted URL's
 * scheme and trailing slash are dropped.
 */
export function normaliseDomain(
  input: string,
  siteHost: string,
): { domain: string; error?: undefined } | { error: string } {
  let text = input.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  if (text.endsWith('/')) text = text.slice(0, -1);
  text = text.replace(/\.$/, '');
  if (!text) return { error: customDomainTexts.notADomain };
  if (text.length > DOMAIN_MAX_LENGTH) return { error: customDomainTexts.tooLong };
  if (isIP(text) || isIP(text.replace(/^\[|\]$/g, ''))) return { error: customDomainTexts.ipAddress };
  if (/[\s/:@?#\\]/.test(text)) return { error: customDomainTexts.notADomain };
  const ascii = domainToASCII(text.toLowerCase());
  if (!ascii) return { error: customDomainTexts.notADomain };
  if (ascii.length > DOMAIN_MAX_LENGTH) return { error: customDomainTexts.tooLong };
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) {
    return { error: customDomainTexts.notADomain };
  }
  // A top-level domain is never all digits (that is an address written oddly, like 10.1).
  if (/^\d+$/.test(labels.at(-1)!)) return { error: customDomainTexts.ipAddress };
  const site = normalHost(siteHost);
  for (const own of [site, 'localhost']) {
    if (ascii === own || ascii.endsWith(`.${own}`)) return { error: customDomainTexts.ourDomain };
  }
  return { domain: ascii };
}

/** A refusal shown next to the domain field (the shape of a zod input error, data.zodError.fieldErrors). */
function domainError(message: string, code: 'BAD_REQUEST' | 'CONFLICT' = 'BAD_REQUEST') {
  const cause = z
    .object({ domain: z.custom(() => false, { error: message }) })
    .safeParse({ domain: null }).error;
  return new TRPCError({ code, message, cause });
}

// ── Owners ─────────────────────────────────────────────────────────────────────────────────────

/** Whose domain: a user's profile or a publication. */
export type DomainOwner = { user: string } | { collection: string };

/** The policy's word on managing the owner's domain: oneself (actAs), or a publication's editors. */
async function authorizeOwner(em: EntityManager, viewer: User, owner: DomainOwner) {
  if ('user' in owner) return enforce(em, viewer, 'actAs', { id: owner.user });
  const collection = await em.findOne(Collection, owner.collection, { fields: ['visibility'] });
  if (!collection) {
    throw new TRPCError({ code: 'NOT_FOUND', message: customDomainTexts.noDomain });
  }
  return enforce(em, viewer, 'managePublication', { id: collection.id, visibility: collection.visibility });
}

const ownerFilter = (owner: DomainOwner) =>
  'user' in owner ? { user: owner.user } : { collection: owner.collection };

const ownerTag = (row: CustomDomain) =>
  row.collection ? `collection-${row.collection.id}` : `user-${row.user!.id}`;

// ── What the owner sees ───────────────────────────────────────────────────────────────────────

/** The records to create at the DNS provider: the CNAME, and the A records for a root domain. */
export function recordsToCreate(domain: string, settings: CustomDomainSettings) {
  const cname: DnsRecordToCreate = { type: 'CNAME', name: domain, value: settings.cnameTarget };
  const apex: DnsRecordToCreate[] = settings.ips.map((ip) => ({ type: 'A', name: domain, value: ip }));
  return { cname, apex };
}

function domainView(row: CustomDomain, settings: CustomDomainSettings) {
  const nextCheckNowAt = row.checkRequestedAt
    ? new Date(row.checkRequestedAt.getTime() + CUSTOM_DOMAIN_RULES.checkNowEverySeconds * 1000)
    : null;
  return {
    domain: row.domain,
    // Plain strings for the client (the entity's types carry the ORM's optional-property brand).
    status: row.status as CustomDomainStatus,
    failure: (row.failure ?? null) as CustomDomainFailure | null,
    found: row.found ?? null,
    liveAt: row.liveAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    nextCheckAt: row.nextCheckAt?.toISOString() ?? null,
    /** When Check now may be used again (null: now). */
    nextCheckNowAt: nextCheckNowAt?.toISOString() ?? null,
    records: recordsToCreate(row.domain, settings),
  };
}

export type CustomDomainView = ReturnType<typeof domainView>;

/** The owner's domain and where its check stands, or null when it has none. */
export async function currentCustomDomain(
  em: EntityManager,
  viewer: User,
  owner: DomainOwner,
  env: ServiceEnvironment,
): Promise<{ domain: CustomDomainView | null }> {
  await authorizeOwner(em, viewer, owner);
  const row = await em.findOne(CustomDomain, ownerFilter(owner));
  return { domain: row ? domainView(row, customDomainSettings(env)) : null };
}

// ── Claiming and removing ──────────────────────────────────────────────────────────────────────

/**
 * Claims a domain for the owner, to be checked from now (PENDING). Refused next to the field, with nothing
 * saved: not a domain we can serve, the owner's one domain already set, or a domain someone else has (found by
 * the lookup, or by the unique index when two people claim it at once). Runs in the caller's transaction.
 */
export async function setCustomDomain(
  em: EntityManager,
  viewer: User,
  owner: DomainOwner,
  input: string,
  env: ServiceEnvironment,
  now: Date,
) {
  await authorizeOwner(em, viewer, owner);
  const settings = customDomainSettings(env);
  const parsed = normaliseDomain(input, siteHostname(env));
  if (parsed.error !== undefined) throw domainError(parsed.error);
  const domain = parsed.domain;
  if (domain === settings.cnameTarget) throw domainError(customDomainTexts.ourDomain);
  const mine = await em.findOne(CustomDomain, ownerFilter(owner));
  if (mine) {
    if (mine.domain === domain) return { domain: domainView(mine, settings) };
    throw domainError(customDomainTexts.oneDomain, 'CONFLICT');
  }
  const [holder, publication] = await Promise.all([
    em.count(CustomDomain, { domain }),
    em.count(Collection, { domain }),
  ]);
  if (holder || publication) throw domainError(customDomainTexts.taken, 'CONFLICT');
  const row = em.create(CustomDomain, {
    domain,
    status: 'PENDING',
    ...('user' in owner ? { user: owner.user } : { collection: owner.collection }),
    checkStartedAt: now,
    nextCheckAt: now,
  });
  try {
    await em.flush();
  } catch (error) {
    // Another claim of the same domain (or of a second domain for this owner) committed first.
    if (error instanceof UniqueConstraintViolationException) {
      throw domainError(customDomainTexts.taken, 'CONFLICT');
    }
    throw error;
  }
  return { domain: domainView(row, settings) };
}

/** Removes the owner's domain: it stops being served at once, and its name is free for anyone to claim. */
export async function removeCustomDomain(em: EntityManager, viewer: User, owner: DomainOwner) {
  await authorizeOwner(em, viewer, owner);
  const row = await em.findOne(CustomDomain, ownerFilter(owner));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: customDomainTexts.noDomain });
  const tags = [`host-${row.domain}`, ownerTag(row)];
  em.remove(row);
  await em.flush();
  await purgeCacheTags(em, tags);
  return { removed: true as const };
}

// ── Checking ────────────────────────────────────────────────────────────────────────────────────

/** What one look at a domain's records found: seen (true), not seen (false), or no answer (null). */
export interface DomainLookup {
  seen: boolean | null;
  /** What DNS answered, as the owner reads it ('CNAME quire.example'), or null for nothing. */
  found: string | null;
}

/** DNS answers that say the name has no such record; any other failure (timeout, server failure) is no answer. */
const DEFINITE = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

async function answer(lookup: Promise<string[]>): Promise<string[] | null> {
  try {
    return (await lookup).map(normalHost);
  } catch (error) {
    return DEFINITE.has((error as { code?: string }).code ?? '') ? [] : null;
  }
}

/**
 * Looks the domain's records up: a CNAME naming the target, or A records that all name our addresses (the
 * configured ones, else the target's own) count as pointing here.
 */
export async function lookUpDomain(domain: string, settings: CustomDomainSettings): Promise<DomainLookup> {
  const { resolver } = settings;
  const [cname, a] = await Promise.all([
    answer(resolver.resolveCname(domain)),
    answer(resolver.resolve4(domain)),
  ]);
  const found = cname?.length ? `CNAME ${cname.join(', ')}` : a?.length ? `A ${a.join(', ')}` : null;
  if (cname?.includes(settings.cnameTarget)) return { seen: true, found };
  if (a?.length) {
    const ours = settings.ips.length
      ? settings.ips
      : ((await answer(resolver.resolve4(settings.cnameTarget))) ?? []);
    if (ours.length && a.every((ip) => ours.includes(ip))) return { seen: true, found };
  }
  if (cname === null || a === null) return { seen: null, found };
  return { seen: false, found };
}

const minutes = (n: number) => n * 60_000;

/**
 * One step of the state machine (CUSTOM_DOMAIN_RULES) for what a check found. Returns whether the domain
 * started or stopped being served.
 */
export function applyDomainCheck(
  row: Pick<
    CustomDomain,
    'status' | 'streak' | 'checkedAt' | 'nextCheckAt' | 'checkStartedAt' | 'liveAt' | 'found' | 'failure'
  >,
  lookup: DomainLookup,
  now: Date,
): { before: CustomDomainStatus; after: CustomDomainStatus } {
  const rules = CUSTOM_DOMAIN_RULES;
  const before = row.status;
  const at = (m: number) => new Date(now.getTime() + minutes(m));
  row.checkedAt = now;
  if (lookup.seen !== null) row.found = lookup.found;
  if (row.status === 'LIVE') {
    if (lookup.seen === true) {
      row.streak = 0;
      row.nextCheckAt = at(rules.liveRecheckMinutes);
    } else if (lookup.seen === false && row.streak + 1 >= rules.missesToFail) {
      row.status = 'FAILED';
      row.failure = 'RECORDS_GONE';
      row.streak = 0;
      row.nextCheckAt = null;
    } else {
      if (lookup.seen === false) row.streak += 1;
      row.nextCheckAt = at(rules.missRecheckMinutes);
    }
    return { before, after: row.status };
  }
  if (row.status === 'FAILED') return { before, after: row.status };
  // PENDING or VERIFYING.
  if (lookup.seen === true) {
    row.streak += 1;
    if (row.streak >= rules.confirmationsToGoLive) {
      row.status = 'LIVE';
      row.liveAt = now;
      row.failure = null;
      row.streak = 0;
      row.nextCheckAt = at(rules.liveRecheckMinutes);
      return { before, after: row.status };
    }
    row.status = 'VERIFYING';
    row.nextCheckAt = at(rules.verifyingRecheckMinutes);
    return { before, after: row.status };
  }
  if (lookup.seen === false) {
    row.streak = 0;
    row.status = 'PENDING';
    if (now.getTime() - row.checkStartedAt.getTime() >= rules.pendingHours * 3_600_000) {
      row.status = 'FAILED';
      row.failure = 'NOT_SEEN';
      row.nextCheckAt = null;
      return { before, after: row.status };
    }
  }
  row.nextCheckAt = at(
    row.status === 'VERIFYING' ? rules.verifyingRecheckMinutes : rules.pendingRecheckMinutes,
  );
  return { before, after: row.status };
}

/** Applies a lookup to the locked row and tells host routing when the domain started or stopped being served. */
async function recordCheck(em: EntityManager, row: CustomDomain, lookup: DomainLookup, now: Date) {
  const { before, after } = applyDomainCheck(row, lookup, now);
  await em.flush();
  if ((before === 'LIVE') !== (after === 'LIVE')) {
    await purgeCacheTags(em, [`host-${row.domain}`, ownerTag(row)]);
  }
  return after;
}

/**
 * Check now: looks the owner's domain up at once (at most once a minute). A failed domain starts a new window
 * as PENDING first, so fixed records bring it back. Runs in the caller's transaction.
 */
export async function checkCustomDomainNow(
  em: EntityManager,
  viewer: User,
  owner: DomainOwner,
  env: ServiceEnvironment,
  now: Date,
) {
  await authorizeOwner(em, viewer, owner);
  const settings = customDomainSettings(env);
  const row = await em.findOne(CustomDomain, ownerFilter(owner), { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: customDomainTexts.noDomain });
  const last = row.checkRequestedAt?.getTime();
  if (last !== undefined && now.getTime() - last < CUSTOM_DOMAIN_RULES.checkNowEverySeconds * 1000) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: customDomainTexts.tooSoon });
  }
  row.checkRequestedAt = now;
  if (row.status === 'FAILED') {
    row.status = 'PENDING';
    row.failure = null;
    row.streak = 0;
    row.checkStartedAt = now;
  }
  const lookup = await lookUpDomain(row.domain, settings);
  await recordCheck(em, row, lookup, now);
  return { domain: domainView(row, settings) };
}

/**
 * The `domains.check` job: looks up every domain whose check is due (PENDING, VERIFYING and LIVE ones; a
 * failed domain waits for Check now) and moves it along the state machine. The lookups run outside any
 * transaction; each result is applied to the row locked afresh, unless it was removed or checked meanwhile.
 */
export async function checkDueCustomDomains(
  em: EntityManager,
  settings: CustomDomainSettings,
  now: Date,
): Promise<{ checked: number; live: number; failed: number }> {
  const due = await em.find(
    CustomDomain,
    { nextCheckAt: { $lte: now }, status: { $ne: 'FAILED' } },
    {
      orderBy: { nextCheckAt: 'asc' },
      limit: CUSTOM_DOMAIN_RULES.batchSize,
      fields: ['domain', 'nextCheckAt'],
    },
  );
  const counts = { checked: 0, live: 0, failed: 0 };
  const parallel = 8;
  for (let i = 0; i < due.length; i += parallel) {
    const batch = due.slice(i, i + parallel);
    const lookups = await Promise.all(batch.map((d) => lookUpDomain(d.domain, settings)));
    for (const [k, d] of batch.entries()) {
      await em.fork().transactional(async (tx) => {
        const row = await tx.findOne(
          CustomDomain,
          { id: d.id, domain: d.domain, nextCheckAt: { $lte: now }, status: { $ne: 'FAILED' } },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!row) return;
        const before = row.status;
        const after = await recordCheck(tx, row, lookups[k]!, now);
        counts.checked += 1;
        if (after === 'LIVE' && before !== 'LIVE') counts.live += 1;
        if (after === 'FAILED') counts.failed += 1;
      });
    }
  }
  return counts;
}

// ── The subdomain ───────────────────────────────────────────────────────────────────────────────

function subdomainView(user: User, env: ServiceEnvironment, liveDomain: string | null) {
  const url = new URL(env.publicUrl);
  const address = `${user.username.toLowerCase()}.${url.host}`;
  return {
    hasSubdomain: user.hasSubdomain,
    address,
    url: `${url.protocol}//${address}`,
    /** A live custom domain wins over the subdomain in links (spec §2 URL shapes). */
    liveDomain,
  };
}

async function liveDomainOf(em: EntityManager, userId: string) {
  const live = await em.findOne(CustomDomain, { user: userId, status: 'LIVE' }, { fields: ['domain'] });
  return live?.domain ?? null;
}

/** The viewer's subdomain address and whether it is on. */
export async function subdomainState(em: EntityManager, viewer: User, env: ServiceEnvironment) {
  await enforce(em, viewer, 'actAs', viewer);
  const user = await em.findOneOrFail(User, viewer.id);
  return subdomainView(user, env, await liveDomainOf(em, user.id));
}

/** Turns the viewer's subdomain on or off; host routing and the profile's links follow at once. */
export async function setSubdomain(em: EntityManager, viewer: User, on: boolean, env: ServiceEnvironment) {
  await enforce(em, viewer, 'actAs', viewer);
  const user = await em.findOneOrFail(User, viewer.id);
  if (user.hasSubdomain !== on) {
    user.hasSubdomain = on;
    await em.flush();
    await purgeCacheTags(em, [`user-${user.id}`, `subdomain-${user.username.toLowerCase()}`]);
  }
  return subdomainView(user, env, await liveDomainOf(em, user.id));
}
