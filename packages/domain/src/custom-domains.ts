/*
 * Custom domains and subdomains (spec §2 /me/settings/custom-domain, /me/create-subdomain; §3 customDomainState,
 * hasSubdomain). The spec names the paths and the fields; the state machine, its timings and every word here
 * are ours (the subdomain deactivation error is spec §8 General's, in generalTexts).
 */

import type { CustomDomainStatus } from './enums';

/**
 * The rules of a custom domain's state machine (checked by the `domains.check` job, and by Check now):
 * - PENDING: claimed, its records not seen yet. Seen once → VERIFYING.
 * - VERIFYING: seen, checked again after `verifyingRecheckMinutes`; seen on `confirmationsToGoLive` consecutive
 *   checks → LIVE; not seen → back to PENDING.
 * - PENDING or VERIFYING for `pendingHours` after the claim (or the last Check now of a failed domain) → FAILED.
 * - LIVE: checked every `liveRecheckMinutes`; records missing on `missesToFail` consecutive checks (a miss
 *   brings the next check to `missRecheckMinutes`) → FAILED. A lookup that fails (timeout, server failure) is
 *   no answer and counts neither way.
 * - FAILED: no longer checked by the job; Check now starts a new window as PENDING.
 */
export const CUSTOM_DOMAIN_RULES = {
  pendingHours: 72,
  pendingRecheckMinutes: 5,
  verifyingRecheckMinutes: 5,
  confirmationsToGoLive: 2,
  liveRecheckMinutes: 60,
  missRecheckMinutes: 10,
  missesToFail: 3,
  /** Check now is refused more often than once in this long. */
  checkNowEverySeconds: 60,
  /** How many due domains one run of the job checks. */
  batchSize: 200,
} as const;

/** The longest host name DNS allows (RFC 1035). */
export const DOMAIN_MAX_LENGTH = 253;

/** Why a domain failed: its records never showed within the window, or a live domain's records went away. */
export const CustomDomainFailure = ['NOT_SEEN', 'RECORDS_GONE'] as const;
export type CustomDomainFailure = (typeof CustomDomainFailure)[number];

/** A DNS record the owner creates at their DNS provider. */
export interface DnsRecordToCreate {
  type: 'CNAME' | 'A';
  name: string;
  value: string;
}

export const customDomainTexts = {
  title: 'Custom domain',
  lead: 'Serve your profile and stories at a domain you own, like blog.example.com. You keep the domain; we answer for it once its DNS records point here.',
  domainLabel: 'Your domain',
  domainHint: 'A domain you own, like blog.example.com',
  save: 'Connect domain',
  saved: 'Your domain is saved. Create the DNS records below; we check for them every few minutes.',
  remove: 'Remove domain',
  removeConfirm: 'Remove this domain? Your profile goes back to its address here at once.',
  removed: 'Your domain is removed.',
  checkNow: 'Check now',
  checked: 'Checked.',
  recordsTitle: 'DNS records to create',
  recordsLead: 'At the company where you registered the domain, create this record:',
  recordsApex:
    'For a root domain (example.com), which cannot have a CNAME record, create these A records instead:',
  recordType: 'Type',
  recordName: 'Name',
  recordValue: 'Value',
  found: (what: string) => `We found: ${what}`,
  foundNothing: 'We found no records for this domain yet.',
  lastChecked: (when: string) => `Last checked ${when}.`,
  statusLabel: 'Status',
  statuses: {
    PENDING: 'Waiting for DNS',
    VERIFYING: 'Records found, checking again',
    LIVE: 'Live',
    FAILED: 'Failed',
  } satisfies Record<CustomDomainStatus, string>,
  statusHelp: {
    PENDING: `Create the records below. DNS changes can take a few hours to reach everyone; we keep checking for ${CUSTOM_DOMAIN_RULES.pendingHours} hours.`,
    VERIFYING: 'We see your records. We check once more before we start serving your domain.',
    LIVE: 'Your profile is served at this domain.',
    FAILED: 'We stopped checking this domain. Fix its DNS records, then use Check now to start again.',
  } satisfies Record<CustomDomainStatus, string>,
  failures: {
    NOT_SEEN: `We did not see the records within ${CUSTOM_DOMAIN_RULES.pendingHours} hours.`,
    RECORDS_GONE: 'The DNS records went away, so we stopped serving the domain.',
  } satisfies Record<CustomDomainFailure, string>,
  // Refusals, shown next to the field.
  notADomain: 'Enter a domain name, like blog.example.com.',
  tooLong: `A domain name is at most ${DOMAIN_MAX_LENGTH} characters.`,
  ipAddress: 'Enter a domain name, not an IP address.',
  ourDomain: 'That is one of our own addresses. Enter a domain you own.',
  taken: 'That domain is already connected to another account.',
  alreadyYours: 'That domain is already yours.',
  oneDomain: 'You can connect one domain. Remove the one you have first.',
  noDomain: 'You have no custom domain.',
  tooSoon: 'You can check again in a minute.',
} as const;

export const subdomainTexts = {
  title: 'Your subdomain',
  lead: 'Give your profile an address of its own: your stories at your own subdomain.',
  address: 'Your address',
  on: 'Your profile is served at this address.',
  off: 'Your profile is served at its usual address. Turn the subdomain on to use this one instead:',
  turnOn: 'Use this subdomain',
  turnOff: 'Stop using the subdomain',
  turnedOn: 'Your subdomain is on.',
  turnedOff: 'Your subdomain is off.',
  customDomainWins:
    'Your custom domain is live, so links to your profile use it; the subdomain still answers.',
  customDomainLink: 'Or connect a domain of your own',
} as const;

/** Path of the custom domain settings page. */
export const CUSTOM_DOMAIN_PATH = '/me/settings/custom-domain';
/** Path of the subdomain page. */
export const CREATE_SUBDOMAIN_PATH = '/me/create-subdomain';
