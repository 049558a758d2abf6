// A story card's wording and sizes (spec §3 names a card's fields and counts, not their wording).
import { truncate } from './slug';

/** A card's subtitle is cut by the spec §5 truncation rule at this many characters. */
export const CARD_SUBTITLE_MAX_CHARS = 140;

/** A card's thumbnail box in CSS px: 160×107 beside the text, 80×53 on small screens (3:2 either way). */
export const CARD_THUMBNAIL = { width: 160, height: 107, smallWidth: 80, smallHeight: 53 } as const;

/** Cards from the top of a list whose pictures load at once; those further down load as they near the screen. */
export const CARDS_ABOVE_THE_FOLD = 3;

/** Spec §5 truncation of a card's subtitle, or null when there is none to show. */
export function cardSubtitle(subtitle: string | null | undefined): string | null {
  const text = subtitle?.trim();
  return text ? truncate(text, CARD_SUBTITLE_MAX_CHARS) : null;
}

/** A count as a card shows it: 999, 1K, 1.2K, 12K, 1.5M. */
export function compactCount(n: number): string {
  const unit = (value: number, suffix: string) => {
    const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
    return `${shown}${suffix}`;
  };
  if (n < 1000) return String(n);
  if (n < 1_000_000) return unit(n / 1000, 'K');
  return unit(n / 1_000_000, 'M');
}

/** Not from the spec: the words of a story card. */
export const storyCardTexts = {
  memberOnly: 'Member-only story',
  inPublication: 'in',
  readingTime: (minutes: number) => `${Math.max(1, Math.round(minutes))} min read`,
  claps: (n: number) => `${n} ${n === 1 ? 'clap' : 'claps'}`,
  responses: (n: number) => `${n} ${n === 1 ? 'response' : 'responses'}`,
} as const;
