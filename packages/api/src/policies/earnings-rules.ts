import { accessTexts, earningsTexts } from '@quire/domain';
import { type Refusal, refuse } from './facts';
import type { PolicyViewer } from './viewer';

/* The rules of a Partner Program writer's money: their earnings, balance and dashboard. */

/** Whose earnings: a user found by id or username, or null when nobody has that name. */
export interface EarningsOwnerSubject {
  id: string;
}

/**
 * A writer's earnings (spec §2 /me/partner/dashboard, /@{username}/partner/dashboard) are theirs alone: to
 * anyone else, staff included, the page does not exist.
 */
function viewEarnings(viewer: PolicyViewer, owner: EarningsOwnerSubject | null): Refusal | null {
  if (!viewer.user) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return owner && owner.id === viewer.user.id ? null : refuse('NOT_FOUND', earningsTexts.notFound);
}

/** Every question about a writer's earnings, by action. */
export const earningsRules = { viewEarnings } as const;
