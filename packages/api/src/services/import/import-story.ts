import type { EntityManager } from '@mikro-orm/postgresql';
import { Readability } from '@mozilla/readability';
import type { User } from '@quire/db';
import { IMPORT_MAX_BYTES, IMPORT_URL_MAX, importTexts } from '@quire/domain';
import { type ConvertedStory, htmlToStory, markdownToStory } from '@quire/editor';
import { TRPCError } from '@trpc/server';
import { parseHTML } from 'linkedom';
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

/** A file's story; a canonical link given by an HTML file's own <link rel="canonical"> is kept. */
export function storyFromFile(
  text: string,
  format: 'html' | 'markdown',
): ConvertedStory & { canonicalUrl: string | null } {
  if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) throw refuse(importTexts.tooLarge);
  if (format === 'markdown') return { ...checkedStory(markdownToStory(text)), canonicalUrl: null };
  const { document } = parseHTML(text);
  const title = document.querySelector('title')?.textContent?.trim() || undefined;
  const story = htmlToStory(text, title ? { title } : {});
  return { ...checkedStory(story), canonicalUrl: canonicalOf(document, null) };
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
export function storyFromPage(html: string, url: string): ConvertedStory & { canonicalUrl: string } {
  const { document } = parseHTML(html);
  const canonicalUrl = canonicalOf(document, url)!;
  const article = new Readability(document as unknown as Document, { charThreshold: 0 }).parse();
  const title = article?.title?.trim() || document.querySelector('title')?.textContent?.trim() || '';
  const story = htmlToStory(article?.content ?? '', { title });
  return { ...checkedStory(story), canonicalUrl };
}

/** Spec §2 /p/import with a file: a draft of the viewer's, its canonical link the file's own if it names one. */
export async function importFile(
  em: EntityManager,
  viewer: User,
  input: { fileName: string; text: string },
  now: Date,
) {
  const format = importFormatOf(input.fileName);
  if (!format) throw refuse(importTexts.unsupportedFile);
  return createImportedDraft(em, viewer, storyFromFile(input.text, format), now);
}

/** Spec §2 /p/import with a URL: the page is fetched safely, its article becomes a draft linking back to it. */
export async function importUrl(
  em: EntityManager,
  viewer: User,
  input: { url: string },
  settings: PageFetchSettings,
  now: Date,
) {
  if (input.url.length > IMPORT_URL_MAX) throw refuse(importTexts.badUrl);
  const page = await fetchPage(input.url, settings);
  return createImportedDraft(em, viewer, storyFromPage(page.html, page.url), now);
}

/** Publishes HTML as a story of the viewer's (IFTTT's action): the one converter, then the site's publish. */
export async function publishHtmlStory(
  em: EntityManager,
  viewer: User,
  input: { title: string; html: string },
  now: Date,
) {
  const story = htmlToStory(input.html, { title: input.title.slice(0, 300) });
  return publishImportedStory(em, viewer, { ...story, canonicalUrl: null }, now);
}
