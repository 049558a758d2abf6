import { defineEntity, p } from '@mikro-orm/core';
import { PartnerEnrollmentStatus } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';

/** Spec §3 Partner Program enrollment (User.isPartnerProgramEnrolled mirrors status ENROLLED). */
export const PartnerEnrollmentSchema = defineEntity({
  name: 'PartnerEnrollment',
  tableName: 'partner_enrollments',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').unique(),
    status: enumOf(PartnerEnrollmentStatus).default('NOT_ENROLLED'),
    termsAcceptedAt: p.datetime().nullable(),
    stripeAccountId: p.string().length(255).nullable().unique(),
    /** ISO 3166-1 alpha-2. */
    country: p.string().length(2).nullable(),
    /** When the writer last joined (accepted the terms); the tax deadlines count from it. */
    enrolledAt: p.datetime().nullable(),
    unenrolledAt: p.datetime().nullable(),
    /** The connected account's state as last read from the provider. */
    detailsSubmitted: p.boolean().default(false),
    payoutsEnabled: p.boolean().default(false),
  },
});
export class PartnerEnrollment extends PartnerEnrollmentSchema.class {}
PartnerEnrollmentSchema.setClass(PartnerEnrollment);
