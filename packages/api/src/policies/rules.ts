import { developerRules } from './developer-rules';
import { earningsRules } from './earnings-rules';
import { newsletterRules } from './newsletter-rules';
import { otherRules } from './other-rules';
import { partnerRules } from './partner-rules';
import { publicationRules } from './publication-rules';
import { statsRules } from './stats-rules';
import { storyRules } from './story-rules';

/*
 * Every access rule of Quire, one pure function per question over loaded rows and the viewer's facts
 * (story-rules.ts, other-rules.ts, over facts.ts). A rule answers null (allowed) or the refusal to send.
 * Routers, services, pages, feeds, search and the GraphQL shim ask these through `can` / `authorize`;
 * nothing else decides who may see or change what.
 */

export type { OAuthApplicationSubject } from './developer-rules';
export type { EarningsOwnerSubject } from './earnings-rules';
export * from './facts';
export { type NewsletterSubject, ownsNewsletter } from './newsletter-rules';
export { type ActingFor, accountRefusal, isListedProfile, isListedTag } from './other-rules';
export type { EnrollmentSubject, PartnerOwnerSubject } from './partner-rules';
export type { InvitationSubject, MemberSubject } from './publication-rules';
export { isListedStory, postUnavailable, type TextSubject } from './story-rules';

/** Every question the policy answers, by action. */
export const rules = {
  ...storyRules,
  ...otherRules,
  ...publicationRules,
  ...statsRules,
  ...earningsRules,
  ...partnerRules,
  ...newsletterRules,
  ...developerRules,
} as const;

export type Rules = typeof rules;
export type Action = keyof Rules;
