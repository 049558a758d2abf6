/**
 * The one converter of outside HTML and Markdown into the paragraph model (import, the /v1 API, IFTTT). It is
 * the editor's paste path run on the server: `cleanPastedHTML`, then the schema's parse rules over a DOM that
 * linkedom builds (no browser), then `contentFromDoc` and `parseContent`'s validation.
 */

import { imageUrl, type PostContent, toStorableText } from '@quire/domain';
import { parseHTML } from 'linkedom';
import MarkdownIt from 'markdown-it';
import { Fragment, DOMParser as PMDOMParser, type Schema } from 'prosemirror-model';
import { contentFromDoc } from './convert';
import { cleanPastedHTML } from './paste';
import { schema as defaultSchema } from './schema';
import { imageIdFromSrc } from './urls';
import { parseContent } from './validate';

/** Options of the converters. */
export interface ConvertOptions {
  /** The story's title (kept apart from the content): a leading heading with the same text is dropped. */
  title?: string;
  /** The schema to parse with; default `schema`. */
  schema?: Schema;
  /**
   * Outside images already stored as uploads, by their `src` as the HTML writes it (see `outsideImageSources`):
   * each becomes that stored image with its size. Any other outside image is dropped.
   */
  images?: ReadonlyMap<string, StoredOutsideImage>;
}

/** An outside image stored as an upload: its media id and size. */
export interface StoredOutsideImage {
  id: string;
  width: number;
  height: number;
}

/** A converted story: its title line and its paragraphs. */
export interface ConvertedStory {
  title: string;
  content: PostContent;
}

/** Document-level tags the cleaner keeps but a browser's innerHTML drops; linkedom would nest them. */
const DOCUMENT_TAGS = /<\/?(?:html|head|body|meta|link|base)\b[^>]*>/gi;

const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4']);

// Raw HTML in Markdown is allowed: it goes through the same cleaning as pasted HTML.
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false });

/** Code blocks as the schema reads them: the language as data-language, no trailing newline. */
const codeBlock = (content: string, info = ''): string => {
  const language = info.trim().split(/\s+/)[0] ?? '';
  const attr = language ? ` data-language="${markdown.utils.escapeHtml(language)}"` : '';
  return `<pre${attr}><code>${markdown.utils.escapeHtml(content.replace(/\n$/, ''))}</code></pre>\n`;
};
markdown.renderer.rules.fence = (tokens, idx) => codeBlock(tokens[idx]!.content, tokens[idx]!.info);
markdown.renderer.rules.code_block = (tokens, idx) => codeBlock(tokens[idx]!.content);

/** The cleaned HTML as the body of a DOM (linkedom), as the schema's parse rules read it. */
function cleanedBody(html: string): HTMLElement {
  const cleaned = cleanPastedHTML(toStorableText(html)).replace(DOCUMENT_TAGS, '');
  const { document } = parseHTML('<!doctype html><html><head></head><body></body></html>');
  const dom = document.body as unknown as HTMLElement;
  dom.innerHTML = cleaned;
  return dom;
}

/** The images of `dom` that are not in our media store (`/media/{id}`), which the converter would drop. */
const outsideImages = (dom: HTMLElement) =>
  [...dom.querySelectorAll('img[src]')].filter((img) => !imageIdFromSrc(img.getAttribute('src')));

/**
 * The `src` of each image in `html` that is not in our media store, as written, once each, in order: what an
 * import may fetch and store before converting (the `images` option), since the converter drops them.
 */
export function outsideImageSources(html: string): string[] {
  return [...new Set(outsideImages(cleanedBody(html)).map((img) => img.getAttribute('src')!))];
}

/** The paragraphs the schema's parse rules read from cleaned HTML, validated like content a client saves. */
function parseHtml(html: string, schema: Schema, images?: ConvertOptions['images']): PostContent {
  const dom = cleanedBody(html);
  if (images?.size) {
    for (const img of outsideImages(dom)) {
      const stored = images.get(img.getAttribute('src')!);
      if (!stored) continue;
      img.setAttribute('src', imageUrl(stored.id));
      img.setAttribute('width', String(stored.width));
      img.setAttribute('height', String(stored.height));
      // A figure's own data-* would win over the stored image's id and size.
      const figure = img.closest('figure');
      for (const attr of ['data-image-id', 'data-width', 'data-height']) figure?.removeAttribute(attr);
    }
  }
  // Parsed as the body after the title line, so a leading <h1> stays a heading rather than filling the title.
  const afterTitle = schema.topNodeType.contentMatch.matchType(schema.nodes.title!)!;
  const topNode = schema.topNodeType.create();
  const body = PMDOMParser.fromSchema(schema).parse(dom, { topNode, topMatch: afterTitle }).content;
  const content = parseContent(
    contentFromDoc(topNode.copy(Fragment.from(schema.nodes.title!.create()).append(body))),
    {
      schema,
    },
  );
  // Empty paragraphs (spacing in the source, or an image's <p> wrapper) carry nothing into a story.
  return { paragraphs: content.paragraphs.filter((p) => p.type !== 'P' || p.text.trim() !== '') };
}

const normalTitle = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * A story from HTML: the title is `opts.title` (a leading heading repeating it is dropped) or else the leading
 * heading itself, taken out of the body; '' when there is neither.
 */
export function htmlToStory(html: string, opts: ConvertOptions = {}): ConvertedStory {
  const content = parseHtml(html, opts.schema ?? defaultSchema, opts.images);
  const first = content.paragraphs[0];
  const lead = first && HEADINGS.has(first.type) ? normalTitle(first.text) : null;
  const wanted = opts.title === undefined ? null : normalTitle(toStorableText(opts.title));
  const dropLead = lead !== null && lead !== '' && (wanted === null || wanted === lead);
  const paragraphs = dropLead ? content.paragraphs.slice(1) : content.paragraphs;
  return { title: wanted ?? (dropLead ? lead : ''), content: { paragraphs } };
}

/** A story from Markdown (CommonMark via markdown-it, raw HTML allowed and cleaned), as `htmlToStory`. */
export function markdownToStory(md: string, opts: ConvertOptions = {}): ConvertedStory {
  return htmlToStory(markdownToHtml(md), opts);
}

/** Markdown as HTML (CommonMark). */
export function markdownToHtml(md: string): string {
  return markdown.render(toStorableText(md));
}

/**
 * HTML as story paragraphs, exactly as pasting it into the editor would make them; with `opts.title`, a
 * leading heading repeating the title is dropped (the title is stored apart from the content).
 */
export function htmlToContent(html: string, opts: { title?: string; schema?: Schema } = {}): PostContent {
  if (opts.title === undefined) return parseHtml(html, opts.schema ?? defaultSchema);
  return htmlToStory(html, opts).content;
}

/** Markdown as story paragraphs (see `htmlToContent`). */
export function markdownToContent(md: string, opts: { title?: string; schema?: Schema } = {}): PostContent {
  return htmlToContent(markdownToHtml(md), opts);
}
