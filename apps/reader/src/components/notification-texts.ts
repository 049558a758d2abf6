import type { RouterOutputs } from '@quire/api';
import {
  isKnownNotificationType,
  isRollupNotificationType,
  isTaxNotificationType,
  notificationActivityType,
  notificationPreview,
  notificationTexts,
} from '@quire/domain';

export type NotificationItem = RouterOutputs['notifications']['list']['notifications'][number];

/**
 * Not from the spec: §9 names the notification families but not their sentences. Each family says what
 * the actor did; the subject (story, list or publication name) follows it.
 */
const ACTIONS: Record<string, string> = {
  post_recommended: 'clapped for',
  quote: 'highlighted a passage in',
  response_created: 'responded to',
  catalog_response_created: 'responded to your list',
  catalog_followed: 'followed your list',
  catalog_recommended: 'clapped for your list',
  collection_post_submitted: 'submitted a story to',
  collection_post_approved: 'published your story in',
  collection_invitation: 'invited you to join',
  collection_post_declined: 'declined your story',
  collection_post_changes_requested: 'asked for changes to your story',
  note_created: 'left a private note on',
  note_replied: 'replied to your note on',
  mention_in_post: 'mentioned you in',
  series_published: 'published a series:',
  users_following_you: 'started following you',
  referred_member_joined: 'became a member through your referral',
  post_shared: 'shared',
  post_published: 'published',
};

/** The families whose sentence names the publication, not the story it carries. */
const PUBLICATION_SUBJECT = new Set([
  'collection_post_submitted',
  'collection_post_approved',
  'collection_invitation',
]);

/** Not from the spec: the two tax reminder sentences (spec §9 tax types, each stage). */
const TAX_SENTENCES = {
  tax_not_submitted: 'Submit your tax information to keep receiving your earnings.',
  tax_failed_tin: 'Your tax information could not be verified. Please review it in settings.',
} as const;

/** The parts of one notification's sentence: who, what, about which subject, and a quoted preview. */
export interface NotificationSentence {
  /** Who did it ('Deleted user' for a removed account, 'Ada and 2 others' for a rollup); null for the system. */
  who: string | null;
  what: string;
  subject: string | null;
  preview: string | null;
}

/** The name of a notification's actor, or 'Deleted user' when the account is gone (spec §2). */
export function actorName(actor: NotificationItem['actor']): string {
  return actor ? actor.name : notificationTexts.deletedUser;
}

function whoOf(n: NotificationItem): string | null {
  if (isRollupNotificationType(n.notificationType) && n.rollupItems.length > 1) {
    const others = n.rollupItems.length - 1;
    return `${actorName(n.rollupItems[0]!.actor)} and ${others} ${others === 1 ? 'other' : 'others'}`;
  }
  if (!n.actor && n.rollupItems.length === 0 && isTaxNotificationType(n.notificationType)) return null;
  if (!n.actor && n.notificationType.startsWith('post_recommended_milestone')) return null;
  return actorName(n.actor);
}

/** The sentence of a notification, or null for a type this version does not know (spec §2: renders nothing). */
export function notificationSentence(n: NotificationItem): NotificationSentence | null {
  if (!isKnownNotificationType(n.notificationType)) return null;
  if (isTaxNotificationType(n.notificationType)) {
    const family = n.notificationType.startsWith('tax_failed_tin') ? 'tax_failed_tin' : 'tax_not_submitted';
    return { who: null, what: TAX_SENTENCES[family], subject: null, preview: null };
  }
  const family = notificationActivityType(n.notificationType);
  // A submission and its approval are about the publication ('submitted a story to {publication}').
  const subject = PUBLICATION_SUBJECT.has(family)
    ? (n.collection?.name ?? null)
    : n.post?.title || n.catalog?.name || n.collection?.name || null;
  const preview = n.quote?.quoteParagraphPreview ?? n.noteReply?.content ?? n.note?.content ?? null;
  if (family === 'post_recommended_milestone') {
    // Not from the spec: the milestone sentence.
    return {
      who: null,
      what: `Your story passed ${n.milestoneArg ?? 0} claps:`,
      subject,
      preview: null,
    };
  }
  const what = ACTIONS[family] ?? '';
  const needsSubject = !family.startsWith('users_following') && family !== 'referred_member_joined';
  return {
    who: whoOf(n),
    what,
    subject: needsSubject ? subject : null,
    preview: preview === null ? null : notificationPreview(preview),
  };
}

/** Spec §2: rollup follow notifications open the Follows dialog instead of a page. */
export function opensFollowsDialog(n: NotificationItem): boolean {
  return n.notificationType === 'users_following_you_rollup';
}
