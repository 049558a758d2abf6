/** Server-side validation of a story's content: the paragraph model (spec §3) and the editor schema. */

import {
  ImageDisplayMode,
  isAllowedIframe,
  MarkupType,
  ParagraphType,
  type PostContent,
  postContentSchema,
} from '@quire/domain';
import type { Schema } from 'prosemirror-model';
import { docFromContent, normalizeContent } from './convert';
import { schema as defaultSchema } from './schema';
import { isHttpUrl, isSafeHref } from './urls';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Unknown enum values get a message naming the value rather than zod's generic one. */
function checkEnums(input: unknown): void {
  if (!isRecord(input) || !Array.isArray(input.paragraphs)) return;
  for (const p of input.paragraphs) {
    if (!isRecord(p)) continue;
    if (typeof p.type === 'string' && !(ParagraphType as readonly string[]).includes(p.type)) {
      throw new Error(`Unknown paragraph type "${p.type}".`);
    }
    if (typeof p.layout === 'string' && !(ImageDisplayMode as readonly string[]).includes(p.layout)) {
      throw new Error(`Unknown image layout "${p.layout}".`);
    }
    if (!Array.isArray(p.markups)) continue;
    for (const m of p.markups) {
      if (isRecord(m) && typeof m.type === 'string' && !(MarkupType as readonly string[]).includes(m.type)) {
        throw new Error(`Unknown markup type "${m.type}".`);
      }
    }
  }
}

/** Rules the zod schema cannot express: unique names, markups inside the text, usable embeds, safe links. */
function checkParagraphs(content: PostContent, allowIframe: boolean): void {
  const names = new Set<string>();
  for (const p of content.paragraphs) {
    if (names.has(p.name)) throw new Error(`Duplicate paragraph name "${p.name}".`);
    names.add(p.name);
    for (const m of p.markups) {
      if (m.end > p.text.length) throw new Error(`A markup of paragraph "${p.name}" ends past its text.`);
      if (m.type === 'A' && m.href !== undefined && !isSafeHref(m.href)) {
        throw new Error(`A link of paragraph "${p.name}" has an unsafe address.`);
      }
    }
    if (p.type === 'IMG' && !p.metadata) throw new Error(`Image paragraph "${p.name}" has no image.`);
    if (p.type === 'IFRAME' && !(p.iframe && isAllowedIframe(p.iframe.src, { allowIframe }))) {
      throw new Error(`Embed paragraph "${p.name}" has an address that may not be framed.`);
    }
    if (p.type === 'MIXTAPE_EMBED' && !(p.mixtapeMetadata && isHttpUrl(p.mixtapeMetadata.href))) {
      throw new Error(`Link card paragraph "${p.name}" needs an http(s) address.`);
    }
  }
}

/** Options of `parseContent`. */
export interface ParseContentOptions {
  /** The schema the content must make a valid document of; default `schema`. */
  schema?: Schema;
  /** Spec §5 allow_iframe flag: any https embed when on, allowlisted players only when off (the default). */
  allowIframe?: boolean;
}

/**
 * Spec §3: parses untrusted story content (what a client saves) and returns it in the editor's normal form.
 * Throws an Error with a clear message: 'Unknown paragraph type "X".', 'Unknown markup type "X".',
 * 'Invalid post content at paragraphs.0.name: …', 'Duplicate paragraph name "x".', 'Embed paragraph "x" has
 * an address that may not be framed.' (spec §5), or 'Invalid document: …' when the content does not make a
 * valid document of the schema.
 */
export function parseContent(input: unknown, options: ParseContentOptions = {}): PostContent {
  const schema = options.schema ?? defaultSchema;
  const allowIframe = options.allowIframe ?? schema.nodes.iframe?.spec.allowIframe === true;
  checkEnums(input);
  const parsed = postContentSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    throw new Error(`Invalid post content${path ? ` at ${path}` : ''}: ${issue.message}`);
  }
  checkParagraphs(parsed.data, allowIframe);
  const content = normalizeContent(parsed.data);
  try {
    docFromContent(schema, content).check();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new Error(message.startsWith('Unknown paragraph type') ? message : `Invalid document: ${message}`);
  }
  return content;
}
