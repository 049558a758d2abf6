import { defineEntity, p } from '@mikro-orm/core';
import { CustomDomainFailure, CustomDomainStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Collection } from './collection.entity';

/**
 * Spec §3 customDomainState: a domain mapped to a user profile or a publication, and where its DNS check stands
 * (the state machine's rules: CUSTOM_DOMAIN_RULES in @quire/domain). Removing a domain deletes its row, so the
 * unique domain is free for whoever owns it next.
 */
export const CustomDomainSchema = defineEntity({
  name: 'CustomDomain',
  tableName: 'custom_domains',
  properties: {
    ...baseProperties,
    /** Lower-case ASCII (punycode) host name. */
    domain: p.string().length(253).unique(),
    status: enumOf(CustomDomainStatus).default('PENDING'),
    /** One domain per profile and per publication. */
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').unique(),
    collection: () => p.manyToOne(Collection).nullable().deleteRule('cascade').unique(),
    liveAt: p.datetime().nullable(),
    /** Start of the current window for the records to show: the claim, or Check now on a failed domain. */
    checkStartedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    /** When the job checks the domain next; null once it failed (only Check now checks it then). */
    nextCheckAt: p.datetime().nullable(),
    checkedAt: p.datetime().nullable(),
    /** The owner's last Check now, for its rate limit. */
    checkRequestedAt: p.datetime().nullable(),
    /** Consecutive checks that saw the records (PENDING, VERIFYING) or missed them (LIVE). */
    streak: p.integer().default(0),
    /** What DNS answered at the last check, as shown to the owner ('CNAME quire.example'); null: nothing. */
    found: p.string().length(500).nullable(),
    failure: enumOf(CustomDomainFailure).nullable(),
  },
  indexes: [{ name: 'custom_domains_next_check_at_index', properties: ['nextCheckAt'] }],
  checks: [
    { name: 'custom_domains_owner_check', expression: '(user_id is null) <> (collection_id is null)' },
  ],
});
export class CustomDomain extends CustomDomainSchema.class {}
CustomDomainSchema.setClass(CustomDomain);
