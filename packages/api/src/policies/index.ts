import type { EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import { noteConsulted } from './audit';
import {
  type Action,
  type PostSubject,
  type PostUnavailableReason,
  type Refusal,
  type Rules,
  rules,
  postUnavailable as unavailableReason,
} from './rules';
import { loadPolicyViewer, type PolicyViewer, type ViewerUser } from './viewer';

export {
  auditCall,
  noteQueried,
  onAudited,
  type PolicyAuditRecord,
  policyAuditIsStrict,
  reportAudited,
  setPolicyAuditStrict,
} from './audit';
export * from './listing';
export {
  type ActingFor,
  type Action,
  accountRefusal,
  type EarningsOwnerSubject,
  type EnrollmentSubject,
  hasMembership,
  isAuthor,
  isEditorOf,
  isListedProfile,
  isListedStory,
  isListedTag,
  isMember,
  type ListSubject,
  type NewsletterSubject,
  ownsNewsletter,
  type PartnerOwnerSubject,
  type PostSubject,
  type PostUnavailableReason,
  type ProfileSubject,
  type PublicationSubject,
  type Refusal,
  roleIn,
  rules,
  type TagSubject,
  type TextSubject,
} from './rules';
export {
  type FactsRow,
  forgetPolicyViewers,
  loadPolicyViewer,
  loadPolicyViewers,
  type PolicyViewer,
  policyViewer,
  policyViewerMemo,
  type ViewerUser,
  viewerFactsColumns,
} from './viewer';

/** What a rule takes after the viewer: its subject, and for some an option (the friend link's key). */
export type ArgsOf<A extends Action> = Parameters<Rules[A]> extends [PolicyViewer, ...infer R] ? R : never;

/** The refusal the rule gives the viewer, or null when it allows the action. */
export function refusal<A extends Action>(
  viewer: PolicyViewer,
  action: A,
  ...args: ArgsOf<A>
): Refusal | null {
  noteConsulted();
  const rule = rules[action] as unknown as (viewer: PolicyViewer, ...args: ArgsOf<A>) => Refusal | null;
  return rule(viewer, ...args);
}

/** Why the viewer may not see a story (spec §3 PostResult), or null when they may (story-rules.ts postUnavailable). */
export function postUnavailable(viewer: PolicyViewer, post: PostSubject): PostUnavailableReason | null {
  noteConsulted();
  return unavailableReason(viewer, post);
}

/** Whether the viewer may take the action on the subject. */
export function can<A extends Action>(viewer: PolicyViewer, action: A, ...args: ArgsOf<A>): boolean {
  return refusal(viewer, action, ...args) === null;
}

/** The refusal as the error a procedure answers. */
export const refusalError = (r: Refusal) => new TRPCError({ code: r.code, message: r.message });

/** Throws the rule's refusal (NOT_FOUND, FORBIDDEN…) unless the viewer may take the action. */
export function authorize<A extends Action>(viewer: PolicyViewer, action: A, ...args: ArgsOf<A>): void {
  const r = refusal(viewer, action, ...args);
  if (r) throw refusalError(r);
}

/** `can`, loading the viewer's facts for this request first. */
export async function allows<A extends Action>(
  em: EntityManager,
  user: ViewerUser | null,
  action: A,
  ...args: ArgsOf<A>
): Promise<boolean> {
  return can(await loadPolicyViewer(em, user), action, ...args);
}

/** `authorize`, loading the viewer's facts for this request first. */
export async function enforce<A extends Action>(
  em: EntityManager,
  user: ViewerUser | null,
  action: A,
  ...args: ArgsOf<A>
): Promise<void> {
  authorize(await loadPolicyViewer(em, user), action, ...args);
}
