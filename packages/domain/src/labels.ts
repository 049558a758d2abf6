/** Spec §4 draft and published labels, §2 greeting and member line, §4 tax banner, §2 unread badge. */

import { PARTNER_TERMS_UPDATED_AT, UNREAD_BADGE_MAX } from './constants';
import { TaxDocumentStatus } from './enums';
import { accountMenuTexts, draftLabelTexts, type Instant, taxBannerTexts } from './messages';

const toMs = (t: Instant): number =>
  t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t);

// ---------------------------------------------------------------------------------------------------------
// Draft and published labels
// ---------------------------------------------------------------------------------------------------------

export interface DraftLabelInput {
  /** Post.statusForCollection, e.g. 'PENDING' or 'NOT_YET_SUBMITTED'. */
  statusForCollection?: string | null;
  /** Name of the pending publication, when known. */
  pendingCollectionName?: string | null;
  /** The viewer is an editor of the pending publication or the post's author. */
  viewerIsEditorOrAuthor?: boolean;
}

/** Spec §4 Draft label of an unpublished post. */
export function draftLabel({
  statusForCollection,
  pendingCollectionName,
  viewerIsEditorOrAuthor = false,
}: DraftLabelInput): string {
  if (statusForCollection === 'PENDING') {
    if (pendingCollectionName && viewerIsEditorOrAuthor)
      return draftLabelTexts.draftIn(pendingCollectionName);
    if (pendingCollectionName) return draftLabelTexts.draftSubmittedTo(pendingCollectionName);
    return draftLabelTexts.submittedDraft;
  }
  if (statusForCollection === 'NOT_YET_SUBMITTED') return draftLabelTexts.unsubmittedDraft;
  return draftLabelTexts.draft;
}

export interface PublishedLabelInput {
  /** Post.statusForCollection; only 'PENDING' yields a label. */
  statusForCollection?: string | null;
  /** Name of the publication the story is submitted to, when known. */
  pendingCollectionName?: string | null;
  /** The viewer is the story's author. */
  viewerIsAuthor?: boolean;
}

/**
 * Spec §4 Published label (legacy bar) of a published post: 'Submitted to {publication}' while pending in a
 * known publication, 'Submitted story' while pending for the author, otherwise null (no label).
 */
export function publishedLabel({
  statusForCollection,
  pendingCollectionName,
  viewerIsAuthor = false,
}: PublishedLabelInput): string | null {
  if (statusForCollection !== 'PENDING') return null;
  if (pendingCollectionName) return draftLabelTexts.submittedTo(pendingCollectionName);
  return viewerIsAuthor ? draftLabelTexts.submittedStory : null;
}

/** Spec §2/§4 post-state label of the legacy bar: the draft label when unpublished, else the published label. */
export function postStateLabel(
  input: DraftLabelInput & { isPublished: boolean; viewerIsAuthor?: boolean },
): string | null {
  if (!input.isPublished) return draftLabel(input);
  return publishedLabel({
    statusForCollection: input.statusForCollection,
    pendingCollectionName: input.pendingCollectionName,
    viewerIsAuthor: input.viewerIsAuthor ?? false,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Account menu: greeting and member line
// ---------------------------------------------------------------------------------------------------------

export type GreetingPeriod = keyof typeof accountMenuTexts.greetings;

/** Spec §2 greeting period by hour (0–23): before 12 morning, 12 to 16 afternoon, 17 onward evening. */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** Spec §2 greeting text by hour (0–23): 'Good morning', 'Good afternoon' or 'Good evening'. */
export function greetingForHour(hour: number): string {
  return accountMenuTexts.greetings[greetingPeriod(hour)];
}

/** Spec §2 greeting text for a moment, using the hour of that Date in the runtime's local time zone. */
export function greetingAt(date: Date): string {
  return greetingForHour(date.getHours());
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Spec §2 '{month year}': full English month name and year in UTC, e.g. 'March 2021'. */
export function formatMonthYear(at: Instant): string {
  const d = new Date(toMs(at));
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Spec §2 account menu: 'Member since {month year}' for a member (mediumMemberAt above 0), else null. */
export function memberSinceLabel(mediumMemberAt: number | null | undefined): string | null {
  if (!mediumMemberAt || mediumMemberAt <= 0) return null;
  return accountMenuTexts.memberSince(formatMonthYear(mediumMemberAt));
}

/** Spec §4 Membership: a member has mediumMemberAt above 0. */
export function isMember(mediumMemberAt: number | null | undefined): boolean {
  return typeof mediumMemberAt === 'number' && mediumMemberAt > 0;
}

// ---------------------------------------------------------------------------------------------------------
// Unread badge
// ---------------------------------------------------------------------------------------------------------

/** Spec §2 notifications bell: the unread badge text, '99+' above 99, null when there is nothing unread. */
export function unreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(Math.floor(count));
}

/** Not a spec path: server-sent events with the signed-in reader's unread count, sent again on each change. */
export const UNREAD_STREAM_PATH = '/_/notifications/unread/stream';
/** The event name of each count on that stream. */
export const UNREAD_STREAM_EVENT = 'unread';
/** Not from the spec: how often the bell asks for its count while the stream is down. */
export const UNREAD_POLL_MS = 15_000;

// ---------------------------------------------------------------------------------------------------------
// Tax banner
// ---------------------------------------------------------------------------------------------------------

export type TaxBannerAction = 'submit' | 'learnMore' | 'resubmit';

export interface TaxBanner {
  message: string;
  /** Shown in the error colour. */
  isError: boolean;
  /** Links the banner offers. */
  actions: TaxBannerAction[];
  /** The §4 forfeiture warning accompanies 'Your stories have stopped earning'. */
  forfeitureWarning: boolean;
}

export interface TaxBannerInput {
  /** User.userTaxDocuments.taxDocumentStatus (0 not submitted … 4 approved); missing means not submitted. */
  taxDocumentStatus?: number | null;
  /** The earnings-limited deadline (userTaxDocuments.earningsLimitedAt). */
  earningsLimitedAt?: Instant | null;
  /** The forfeit deadline (userTaxDocuments.earningsForfeitedAt). */
  earningsForfeitedAt?: Instant | null;
  now: Instant;
  /** Formats the {date} of the earnings-limited deadline; defaults to e.g. 'August 11, 2021' (UTC). */
  formatDate?: (at: Date) => string;
}

/** Default {date} format of the tax banner: 'Month D, YYYY' in UTC. */
export function formatLongDate(at: Instant): string {
  const d = new Date(toMs(at));
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** A story's date on cards and bylines, 'Nov 21, 2026' in UTC (no Intl: it is slow on hot render paths). */
export function formatShortDate(at: Instant): string {
  const d = new Date(toMs(at));
  return `${MONTHS[d.getUTCMonth()]!.slice(0, 3)} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/**
 * Spec §4 Tax banner rules for Partner Program writers: the banner to show, or null (approved).
 * Not submitted: a future earnings-limited deadline wins, then a future forfeit deadline, then a passed
 * forfeit deadline, then the no-date text. Error colour when not submitted with a deadline not yet passed,
 * or when invalid.
 */
export function taxBanner(input: TaxBannerInput): TaxBanner | null {
  const status = input.taxDocumentStatus ?? TaxDocumentStatus.NOT_SUBMITTED;
  const now = toMs(input.now);
  switch (status) {
    case TaxDocumentStatus.APPROVED:
      return null;
    case TaxDocumentStatus.PENDING:
    case TaxDocumentStatus.ON_HOLD:
      return { message: taxBannerTexts.inReview, isError: false, actions: [], forfeitureWarning: false };
    case TaxDocumentStatus.INVALID:
      return {
        message: taxBannerTexts.issue,
        isError: true,
        actions: ['resubmit'],
        forfeitureWarning: false,
      };
  }
  const limitedAt = input.earningsLimitedAt == null ? null : toMs(input.earningsLimitedAt);
  const forfeitAt = input.earningsForfeitedAt == null ? null : toMs(input.earningsForfeitedAt);
  if (limitedAt != null && limitedAt > now) {
    const date = (input.formatDate ?? formatLongDate)(new Date(limitedAt));
    return {
      message: taxBannerTexts.approvedBy(date),
      isError: true,
      actions: ['submit'],
      forfeitureWarning: false,
    };
  }
  if (forfeitAt != null && forfeitAt > now) {
    return {
      message: taxBannerTexts.stoppedEarning,
      isError: true,
      actions: ['submit', 'learnMore'],
      forfeitureWarning: true,
    };
  }
  if (forfeitAt != null) {
    return {
      message: taxBannerTexts.forfeited,
      isError: false,
      actions: ['submit', 'learnMore'],
      forfeitureWarning: false,
    };
  }
  return { message: taxBannerTexts.mustBeApproved, isError: false, actions: [], forfeitureWarning: false };
}

// ---------------------------------------------------------------------------------------------------------
// Partner Program toasts
// ---------------------------------------------------------------------------------------------------------

/** Spec §4 popover flag the partner terms toast is dismissed under. */
export const PP_TERMS_ACKNOWLEDGEMENT_FLAG = 'PP_TERMS_ACKNOWLEDGEMENT';

/**
 * Spec §4 PP_ACCEPT_TERMS: a Partner Program writer who accepted the terms before they changed
 * (2021-08-11 09:00 -04:00) and has not dismissed PP_TERMS_ACKNOWLEDGEMENT.
 */
export function partnerTermsToastDue(viewer: {
  isPartnerProgramEnrolled: boolean;
  hightowerTermsAcceptedAt: Instant | null;
  dismissableFlags: readonly string[];
}): boolean {
  return (
    viewer.isPartnerProgramEnrolled &&
    viewer.hightowerTermsAcceptedAt != null &&
    toMs(viewer.hightowerTermsAcceptedAt) < Date.parse(PARTNER_TERMS_UPDATED_AT) &&
    !viewer.dismissableFlags.includes(PP_TERMS_ACKNOWLEDGEMENT_FLAG)
  );
}

/** Spec §4 TAX_STATUS: the tax banner of a Partner Program writer, except on a story's stats page. */
export function taxStatusToast(
  input: TaxBannerInput & { isPartnerProgramEnrolled: boolean; routeName: string },
): TaxBanner | null {
  if (!input.isPartnerProgramEnrolled || input.routeName === 'ShowStatsPost') return null;
  return taxBanner(input);
}
