import { defineEntity, p } from '@mikro-orm/core';
import { CustomDomainStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Collection } from './collection.entity';

/** Spec §3 customDomainState: a domain mapped to a user profile or a publication. */
export const CustomDomainSchema = defineEntity({
  name: 'CustomDomain',
  tableName: 'custom_domains',
  properties: {
    ...baseProperties,
    domain: p.string().length(253).unique(),
    status: enumOf(CustomDomainStatus).default('PENDING'),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    collection: () => p.manyToOne(Collection).nullable().deleteRule('cascade').index(),
    liveAt: p.datetime().nullable(),
  },
  checks: [
    { name: 'custom_domains_owner_check', expression: '(user_id is null) <> (collection_id is null)' },
  ],
});
export class CustomDomain extends CustomDomainSchema.class {}
CustomDomainSchema.setClass(CustomDomain);
