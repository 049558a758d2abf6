import type { EntityManager } from '@mikro-orm/postgresql';
import { Readability } from '@mozilla/readability';
import type { User } from '@quire/db';
import { IMPORT_IMAGES_DEADLINE_MS, IMPORT_MAX_BYTES, IMPORT_URL_MAX, importTexts } from '@quire/domain';
import { type ConvertedStory, type ConvertOptions, htmlToStory, markdownToHtml } from '@quire/editor';
import { TRPCError } from '@trpc/server';
import { parseHTML } from 'linkedom';
import { type OutsideImageOptions, type StoreImageFromUrl, storeOutsideImages } from './import-images';
import { createImportedDraft, publishImportedStory } from './imported-story';
import { fetchPage, type PageFetchSettings } from './page-fetch';

const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** An uploaded file's format from its name: HTML or Markdown, or null. */
export function importFormatOf(fileName: string): 'html' | 'markdown' | null {
  if (/\.(html?|xhtml)$/i.test(fileName)) return 'html';
  if (/\.(md|markdown|mdown|txt)$/i.test(fileName)) return 'markdown';
  return null;
}

function checkedStory(story: ConvertedStory): ConvertedStory {
  if (!story.title && !story.content.paragraphs.length) throw refuse(importTexts.empty);
  return story;
}

/** What an import converts: HTML (a Markdown file's rendered), its title if it names one, its canonical link. */
interface ImportSource {
  html: string;
  title?: string;
  canonicalUrl: string | null;
}

type StoredImages = ConvertOptions['images'];

/** The story of an import's source, its outside images those already stored (see storeOutsideImages). */
function storyOf(
  source: ImportSource,
  images?: StoredImages,
): ConvertedStory & { canonicalUrl: string | null } {
  const story = htmlToStory(source.html, { title: source.title, images });
  return { ...checkedStory(story), canonicalUrl: source.canonicalUrl };
}

/** A file's source; a canonical link given by an HTML file's own <link rel="canonical"> is kept. */
function fileSource(text: string, format: 'html' | 'markdown'): ImportSource {
  if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) throw refuse(importTexts.tooLarge);
  if (format === 'markdown') return { html: markdownToHtml(text), canonicalUrl: null };
  const { document } = parseHTML(text);
  const title = document.querySelector('title')?.textContent?.trim() || undefined;
  return { html: text, title, canonicalUrl: canonicalOf(document, null) };
}

/** A file's story; a canonical link given by an HTML file's own <link rel="canonical"> is kept. */
export function storyFromFile(
  text: string,
  format: 'html' | 'markdown',
  images?: StoredImages,
): ConvertedStory & { canonicalUrl: string | null } {
  return storyOf(fileSource(text, format), images);
}

/** The page's own canonical link when it is http(s), else `fallback`. */
function canonicalOf(
  document: { querySelector(s: string): { getAttribute(n: string): string | null } | null },
  fallback: string | null,
) {
  const href = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (!href || !fallback)
    return href && /^https?:\/\//i.test(href) && href.length <= IMPORT_URL_MAX ? href : fallback;
  try {
    const url = new URL(href, fallback);
    return /^https?:$/.test(url.protocol) && url.toString().length <= IMPORT_URL_MAX
      ? url.toString()
      : fallback;
  } catch {
    return fallback;
  }
}

/** A web page's main content (Readability on linkedom), its title and canonical link. */
function pageSource(html: string, url: string): ImportSource & { canonicalUrl: string } {
  const { document } = parseHTML(html);
  const canonicalUrl = canonicalOf(document, url)!;
  const article = new Readability(document as unknown as Document, { charThreshold: 0 }).parse();
  const title = article?.title?.trim() || document.querySelector('title')?.textContent?.trim() || '';
  return { html: article?.content ?? '', title, canonicalUrl };
}

/** A web page's story: its main content, title and canonical link. */
export function storyFromPage(
  html: string,
  url: string,
  images?: StoredImages,
): ConvertedStory & { canonicalUrl: string } {
  const source = pageSource(html, url);
  return { ...storyOf(source, images), canonicalUrl: source.canonicalUrl };
}

/**
 * Converts an import's source with its outside images fetched and stored first (outside any transaction), then
 * makes the story with `make` in one transaction.
 */
async function importSource<T>(
  em: EntityManager,
  viewer: User,
  source: ImportSource,
  images: OutsideImageOptions,
  make: (tx: EntityManager, story: ConvertedStory & { canonicalUrl: string | null }) => Promise<T>,
): Promise<T> {
  const story = storyOf(source, await storeOutsideImages(em, viewer, source.html, images));
  return em.transactional((tx) => make(tx, story));
}

/**
 * Spec §2 /p/import with a file: a draft of the viewer's, its canonical link the file's own if it names one.
 * Absolute image addresses are fetched (relative ones have nothing to resolve against).
 */
export async function importFile(
  em: EntityManager,
  viewer: User,
  input: { fileName: string; text: string },
  now: Date,
  storeImage?: StoreImageFromUrl,
) {
  const format = importFormatOf(input.fileName);
  if (!format) throw refuse(importTexts.unsupportedFile);
  return importSource(em, viewer, fileSource(input.text, format), { storeImage }, (tx, story) =>
    createImportedDraft(tx, viewer, story, now),
  );
}

/**
 * Spec §2 /p/import with a URL: the page is fetched safely, its article becomes a draft linking back to it; its
 * images are fetched (relative to the page) within the same deadline as the page.
 */
export async function importUrl(
  em: EntityManager,
  viewer: User,
  input: { url: string },
  settings: PageFetchSettings,
  now: Date,
  storeImage?: StoreImageFromUrl,
) {
  if (input.url.length > IMPORT_URL_MAX) throw refuse(importTexts.badUrl);
  const deadline = AbortSignal.timeout(IMPORT_IMAGES_DEADLINE_MS);
  const page = await fetchPage(input.url, settings);
  return importSource(
    em,
    viewer,
    pageSource(page.html, page.url),
    { storeImage, base: page.url, deadline },
    (tx, story) => createImportedDraft(tx, viewer, story, now),
  );
}

/** Publishes HTML as a story of the viewer's (IFTTT's action): the one converter, then the site's publish. */
export async function publishHtmlStory(
  em: EntityManager,
  viewer: User,
  input: { title: string; html: string },
  now: Date,
  storeImage?: StoreImageFromUrl,
) {
  const source = { html: input.html, title: input.title.slice(0, 300), canonicalUrl: null };
  return importSource(em, viewer, source, { storeImage }, (tx, story) =>
    publishImportedStory(tx, viewer, story, now),
  );
}
