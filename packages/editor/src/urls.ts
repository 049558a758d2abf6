/** Which URLs the schema keeps (links, embeds) and the media id it reads from an image URL; no DOM needed. */

const SAFE_URL = /^(?:https?:|mailto:|tel:|\/|#|\?)/i;
const HTTP_URL = /^https?:\/\//i;

/**
 * True for a link target that is safe to keep: http(s), mailto, tel or relative, never javascript:, data: or other
 * schemes. Browsers ignore whitespace and control characters inside a scheme ('java\nscript:'), so we do too.
 */
export function isSafeHref(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const squeezed = href.replace(/[\u0000-\u0020\u007f]/g, '');
  return SAFE_URL.test(squeezed) || !/^[a-z][a-z0-9+.-]*:/i.test(squeezed);
}

/** True for an absolute http(s) URL, the only kind an embed may load. */
export function isHttpUrl(url: string): boolean {
  return HTTP_URL.test(url.trim());
}

/** The image id of a `/media/{id}` URL (spec §5 image URLs), or null. */
export function imageIdFromSrc(src: string | null): string | null {
  const m = src ? /(?:^|\/)media\/([^/?#]+)/.exec(src) : null;
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}
