/** Spec §5 slug creation, truncation and blank text; §2 story ids in URLs. */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const ELLIPSIS = '…';

/** Spec §5 slug creation: NFKD, strip accents, lowercase, keep a-z, 0-9 and spaces, trim, join words with '-'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .trim()
    .split(/ +/)
    .filter(Boolean)
    .join('-');
}

/** Spec §5 blank text: true when the text is empty or only whitespace. */
export function isBlank(text: string | null | undefined): boolean {
  return text == null || /^\s*$/.test(text);
}

/**
 * Spec §5 truncation: returns the text unchanged when it fits in maxChars; otherwise cuts at a word boundary,
 * strips trailing punctuation and whitespace and adds '…', the result (ellipsis included) at most maxChars long.
 */
export function truncate(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  if (maxChars <= 0) return '';
  if (maxChars === 1) return ELLIPSIS;
  const room = maxChars - 1;
  let cut = chars.slice(0, room).join('');
  const nextChar = chars[room] ?? '';
  if (!/\s/.test(nextChar)) {
    const lastSpace = cut.search(/\s\S*$/);
    if (lastSpace > 0) cut = cut.slice(0, lastSpace);
  }
  const stripped = cut.replace(/[\s\p{P}]+$/u, '');
  return `${stripped || cut.trimEnd()}${ELLIPSIS}`;
}

/** Spec §3 Post.uniqueSlug: the title's slug, a dash and the post id; just the id when the slug is empty. */
export function uniqueSlug(title: string, postId: string): string {
  const slug = slugify(title);
  return slug ? `${slug}-${postId}` : postId;
}

/**
 * Spec §2 URL shapes: the story id is the trailing hex part after any dash-separated slug.
 * Accepts a slug, an id or a path (the last path segment is used; query and hash are ignored).
 * Returns null when there is no trailing lowercase hex id of 8 to 16 characters.
 */
export function parsePostId(slugOrId: string): string | null {
  const path = slugOrId.split(/[?#]/, 1)[0] ?? '';
  const segment = path.split('/').filter(Boolean).pop() ?? '';
  const match = /(?:^|-)([0-9a-f]{8,16})$/.exec(segment);
  return match?.[1] ?? null;
}
