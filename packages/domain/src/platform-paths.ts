/** Texts and limits of import, the outbound redirect (/r) and IFTTT (issue 22). */

/** Largest HTML or Markdown file (or fetched web page) an import reads: 2 MB. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** How long fetching a web page to import may take. */
export const IMPORT_FETCH_TIMEOUT_MS = 10_000;
/** Redirects followed when fetching a web page to import, each checked again. */
export const IMPORT_MAX_REDIRECTS = 3;
/** The longest URL an import takes (Post.canonicalUrl's column). */
export const IMPORT_URL_MAX = 2000;
/**
 * The most outside images one import (a page, a file, a /v1 or IFTTT post) fetches and keeps; later ones are
 * dropped. Each is a fetch, a decode and a stored upload, and all must fit in the request's 10 s; stories rarely
 * have more.
 */
export const IMPORT_MAX_IMAGES = 20;
/** Images an import fetches at once: a story's images arrive quickly without flooding the site they come from. */
export const IMPORT_IMAGE_CONCURRENCY = 4;
/**
 * An import fetches images only until this long after it began (page fetch included); later or slower ones are
 * dropped, so the request still saves its draft within its 10 s deadline.
 */
export const IMPORT_IMAGES_DEADLINE_MS = 7_000;
/** IFTTT trigger: stories returned when the request names no limit (IFTTT's documented default). */
export const IFTTT_DEFAULT_LIMIT = 50;

export const importTexts = {
  title: 'Import a story',
  intro:
    'Bring in a story you published elsewhere. It becomes a draft with a canonical link to the original, so search engines keep crediting the original.',
  fileLabel: 'An HTML or Markdown file',
  urlLabel: 'Or the address of a web page',
  submit: 'Import',
  importing: 'Importing…',
  tooLarge: 'That file is too large to import (2 MB at most).',
  unsupportedFile: 'Choose an HTML (.html, .htm) or Markdown (.md, .markdown) file.',
  badUrl: 'Enter an http or https address.',
  blockedUrl: 'That address cannot be imported.',
  fetchFailed: 'That page could not be fetched.',
  notHtml: 'That address is not a web page.',
  empty: 'Nothing to import was found there.',
  repostNotYours: 'You can only repost your own published stories.',
  repostTitle: 'Repost your story',
  repostIntro:
    'A new draft with this story’s text and a canonical link to it: publish it again elsewhere, in a publication say, and search engines keep crediting the original.',
  repostButton: 'Make the draft',
  untitled: 'Untitled story',
  signIn: 'Sign in to import a story.',
} as const;

export const outboundTexts = {
  title: 'Link not allowed',
  refused: 'This link does not lead to a page we can send you to.',
} as const;

export const iftttTexts = {
  badServiceKey: 'Invalid IFTTT service key.',
  notConfigured: 'IFTTT is not set up on this server.',
  badToken: 'Invalid or expired access token.',
  missingScope: 'This connection may not publish stories.',
  missingField: (field: string) => `The field ${field} is required.`,
  unknownWriter: 'No writer has that username.',
} as const;
