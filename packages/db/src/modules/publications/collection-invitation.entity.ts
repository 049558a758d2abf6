import { defineEntity, p } from '@mikro-orm/core';
import { INVITABLE_ROLES } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';
import { Collection } from './collection.entity';

/** Where an invitation stands: open until answered, withdrawn or past expiresAt. */
export const InvitationStatus = ['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED'] as const;
export type InvitationStatus = (typeof InvitationStatus)[number];

/**
 * An invitation to join a publication as an editor or writer. It names an account (invited by username, or by
 * an email an account has) or only an email address; whoever signs in as that account or with that verified
 * address answers it.
 */
export const CollectionInvitationSchema = defineEntity({
  name: 'CollectionInvitation',
  tableName: 'collection_invitations',
  properties: {
    ...baseProperties,
    collection: () => p.manyToOne(Collection).deleteRule('cascade'),
    invitedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    /** Lower-case address the invitation was mailed to. */
    email: p.string().length(254).nullable().index(),
    role: enumOf(INVITABLE_ROLES),
    status: enumOf(InvitationStatus).default('PENDING'),
    expiresAt: p.datetime(),
    answeredAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['collection', 'status'] }],
  checks: [
    {
      name: 'collection_invitations_invitee_check',
      expression: '(user_id is not null) or (email is not null)',
    },
  ],
});
export class CollectionInvitation extends CollectionInvitationSchema.class {}
CollectionInvitationSchema.setClass(CollectionInvitation);
