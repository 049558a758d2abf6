import { NOTIFICATION_FULL_DATE_AFTER_DAYS, PREVIEW_MAX_CHARS, ROLLUP_SUFFIX } from './constants';
import { formatLongDate } from './labels';
import { truncate } from './slug';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §5 notification dates: older than 5 days shows the full date ('March 15, 2021'); newer ones a short
 * age. The short forms ('Just now', '12m ago', '3h ago', '2d ago') are this project's wording.
 */
export function notificationDateLabel(occurredAt: Date | string | number, now: Date): string {
  const at = new Date(occurredAt);
  const age = Math.max(0, now.getTime() - at.getTime());
  if (age > NOTIFICATION_FULL_DATE_AFTER_DAYS * DAY) return formatLongDate(at);
  if (age >= DAY) return `${Math.floor(age / DAY)}d ago`;
  if (age >= HOUR) return `${Math.floor(age / HOUR)}h ago`;
  if (age >= MINUTE) return `${Math.floor(age / MINUTE)}m ago`;
  return 'Just now';
}

/** Spec §5: notification quote and note previews are cut to 50 characters. */
export function notificationPreview(text: string): string {
  return truncate(text.trim(), PREVIEW_MAX_CHARS);
}

/** Spec §9: the activity a type belongs to, its rollup suffix dropped ('quote_rollup' → 'quote'). */
export function notificationActivityType(type: string): string {
  return type.endsWith(ROLLUP_SUFFIX) ? type.slice(0, -ROLLUP_SUFFIX.length) : type;
}

/** Not from the spec: the most people one response or story can notify by mentioning them. */
export const MENTIONS_PER_TEXT_MAX = 20;

/**
 * The usernames a text mentions (spec §9 'mentions' notifications): `@name` where the name is a username's
 * shape (a letter, then up to 29 letters, digits or underscores) and the `@` does not follow a letter, digit,
 * `@`, `.` or `/` (so addresses and URLs mention no one). Lower-cased, each once, in order, at most
 * MENTIONS_PER_TEXT_MAX.
 */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<![\w@./])@([A-Za-z][A-Za-z0-9_]{2,29})(?![\w])/g)) {
    names.add(match[1]!.toLowerCase());
    if (names.size >= MENTIONS_PER_TEXT_MAX) break;
  }
  return [...names];
}
