/*
 * Tipping (spec §2 /me/settings/tipping; §3 editable account field "tipping link"). The spec names the field
 * and the path; the rules and every word here are ours.
 */

/** The longest tipping link kept (the column's length). */
export const TIPPING_LINK_MAX = 2048;

export const tippingTexts = {
  title: 'Tipping',
  lead: 'Readers who enjoy your writing can thank you through a page of your own: Ko-fi, Buy Me a Coffee, PayPal.me, Patreon, Stripe or any page that takes payments. The link shows on your profile; Quire takes no part of the tips.',
  label: 'Your tipping page',
  hint: 'A full address starting with https://',
  save: 'Save',
  saved: 'Your tipping link is saved.',
  remove: 'Remove the link',
  removed: 'Your tipping link is removed.',
  invalid: 'Enter a full https:// address of a page, like https://ko-fi.com/yourname.',
  tooLong: `A tipping link is at most ${TIPPING_LINK_MAX} characters.`,
  tip: (name: string) => `Tip ${name}`,
} as const;

/**
 * The tipping link as stored: a well-formed https URL to a named host (not an address, not a login), or null
 * when it is not one. Other schemes (javascript:, data:, http:) are never kept.
 */
export function tippingLinkOf(input: string): string | null {
  const text = input.trim();
  if (!text || text.length > TIPPING_LINK_MAX) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname;
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  // A named host with a dot, not an IP address.
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  return url.toString();
}
