/**
 * Conversion between the stored paragraph model (spec §3 paragraphs and markups, UTF-16 offsets) and the
 * editor's ProseMirror document. Both directions go through the same normal form, so
 * `contentFromDoc(docFromContent(c))` equals `normalizeContent(c)` and a converted document round-trips.
 */

import type { Markup, MarkupType, Paragraph, ParagraphType, PostContent } from '@quire/domain';
import { Mark, type Node as PMNode, type Schema } from 'prosemirror-model';
import { freshName, namesIn } from './names';
import { MARK_FOR_MARKUP, MARKUP_FOR_MARK, NODE_FOR_PARAGRAPH } from './paragraph-model';

/** Paragraph types whose text is not stored: the block has no text of its own. */
const TEXTLESS: ReadonlySet<ParagraphType> = new Set(['HR', 'IFRAME', 'MIXTAPE_EMBED']);

/** Paragraph types whose text carries no markups. */
const UNMARKED: ReadonlySet<ParagraphType> = new Set(['PRE', 'HR', 'IFRAME', 'MIXTAPE_EMBED']);

const HEADING_LEVEL: Partial<Record<ParagraphType, number>> = { H1: 1, H2: 2, H3: 3, H4: 4 };

const LINK_ATTRS = ['href', 'title', 'userId'] as const;

/** Only the keys whose value is defined (null and undefined both mean absent). */
function compact<T extends object>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined && v !== null) out[k] = v;
  return out as T;
}

const linkAttrs = (m: Pick<Markup, 'href' | 'title' | 'userId'>): Pick<Markup, 'href' | 'title' | 'userId'> =>
  compact({ href: m.href, title: m.title, userId: m.userId });

const attrKey = (m: Markup): string =>
  m.type === 'A' ? JSON.stringify(LINK_ATTRS.map((k) => m[k] ?? null)) : '';

const byStartThenType = (a: Markup, b: Markup): number =>
  a.start - b.start || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0);

/**
 * Spec §3 markups in normal form: clamped to the text, empty ones dropped, attributes only on A, each type's
 * ranges disjoint (where two of a type overlap with different attributes the later one wins, as a
 * ProseMirror mark set does), adjacent or overlapping equal ranges merged, sorted by start then type.
 */
export function normalizeMarkups(markups: readonly Markup[], textLength: number): Markup[] {
  const byType = new Map<MarkupType, Markup[]>();
  for (const m of markups) {
    const start = Math.max(0, Math.min(m.start, textLength));
    const end = Math.max(0, Math.min(m.end, textLength));
    if (end <= start) continue;
    const clean: Markup = { type: m.type, start, end, ...(m.type === 'A' ? linkAttrs(m) : {}) };
    const list = byType.get(m.type);
    if (list) list.push(clean);
    else byType.set(m.type, [clean]);
  }
  const out: Markup[] = [];
  for (const ranges of byType.values()) {
    const cuts = [...new Set(ranges.flatMap((r) => [r.start, r.end]))].sort((a, b) => a - b);
    let open: Markup | null = null;
    for (let i = 0; i + 1 < cuts.length; i++) {
      const from = cuts[i]!;
      const to = cuts[i + 1]!;
      let cover: Markup | null = null;
      for (const r of ranges) if (r.start <= from && r.end >= to) cover = r;
      if (open && cover && open.end === from && attrKey(open) === attrKey(cover)) {
        open.end = to;
        continue;
      }
      if (open) out.push(open);
      open = cover ? { ...cover, start: from, end: to } : null;
    }
    if (open) out.push(open);
  }
  return out.sort(byStartThenType);
}

/** A paragraph in the normal form the editor stores: only the fields its type uses, markups normalised. */
export function normalizeParagraph(p: Paragraph): Paragraph {
  const text = TEXTLESS.has(p.type) ? '' : p.text;
  const markups = UNMARKED.has(p.type) ? [] : normalizeMarkups(p.markups ?? [], text.length);
  const out: Paragraph = { name: p.name, type: p.type, text, markups };
  switch (p.type) {
    case 'P':
      if (typeof p.hasDropCap === 'boolean') out.hasDropCap = p.hasDropCap;
      break;
    case 'PRE':
      if (p.codeBlockLanguage !== undefined && p.codeBlockLanguage !== null) {
        out.codeBlockLanguage = p.codeBlockLanguage;
      }
      break;
    case 'IMG':
      out.layout = p.layout ?? 'INSET';
      if (p.metadata) out.metadata = compact({ ...p.metadata });
      break;
    case 'IFRAME':
      if (p.iframe) out.iframe = compact({ ...p.iframe });
      break;
    case 'MIXTAPE_EMBED':
      if (p.mixtapeMetadata) out.mixtapeMetadata = compact({ ...p.mixtapeMetadata });
      break;
  }
  return out;
}

/** Post content in the editor's normal form (see `normalizeParagraph`). */
export function normalizeContent(content: PostContent): PostContent {
  return { paragraphs: content.paragraphs.map(normalizeParagraph) };
}

// ---------------------------------------------------------------------------------------------------------
// Paragraphs → document
// ---------------------------------------------------------------------------------------------------------

/** The inline nodes of a paragraph's text and markups; '\n' becomes a hard break unless `code`. */
function inlineNodes(schema: Schema, text: string, markups: readonly Markup[], code: boolean): PMNode[] {
  if (!text) return [];
  if (code) return [schema.text(text)];
  const ms = normalizeMarkups(markups, text.length);
  const cuts = new Set([0, text.length]);
  for (const m of ms) cuts.add(m.start).add(m.end);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) cuts.add(i).add(i + 1);
  const sorted = [...cuts].sort((a, b) => a - b);
  const hardBreak = schema.nodes.hard_break!;
  const nodes: PMNode[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const from = sorted[i]!;
    const to = sorted[i + 1]!;
    const marks = Mark.setFrom(
      ms
        .filter((m) => m.start <= from && m.end >= to)
        .map((m) => schema.marks[MARK_FOR_MARKUP[m.type]]!.create(m.type === 'A' ? linkAttrs(m) : null)),
    );
    const piece = text.slice(from, to);
    nodes.push(piece === '\n' ? hardBreak.create(null, null, marks) : schema.text(piece, marks));
  }
  return nodes;
}

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** The block node of one (non-list) paragraph, or a list item for OLI/ULI. */
function nodeFromParagraph(schema: Schema, p: Paragraph): PMNode {
  const nodeName: string | undefined = NODE_FOR_PARAGRAPH[p.type];
  const type = nodeName ? schema.nodes[nodeName] : undefined;
  if (!type) throw new Error(`Unknown paragraph type "${p.type}".`);
  const inline = () => inlineNodes(schema, p.text, p.markups ?? [], p.type === 'PRE');
  const name = p.name;
  switch (p.type) {
    case 'P':
      return type.create({ name, hasDropCap: orNull(p.hasDropCap) }, inline());
    case 'H1':
    case 'H2':
    case 'H3':
    case 'H4':
      return type.create({ name, level: HEADING_LEVEL[p.type] }, inline());
    case 'PRE':
      return type.create({ name, language: orNull(p.codeBlockLanguage) }, inline());
    case 'HR':
      return type.create({ name });
    case 'IMG': {
      const m = p.metadata;
      return type.create(
        {
          name,
          layout: p.layout ?? 'INSET',
          id: orNull(m?.id),
          width: orNull(m?.originalWidth),
          height: orNull(m?.originalHeight),
          alt: orNull(m?.alt),
          focusPercentX: orNull(m?.focusPercentX),
          focusPercentY: orNull(m?.focusPercentY),
        },
        inline(),
      );
    }
    case 'IFRAME': {
      const f = p.iframe;
      return type.create({
        name,
        src: orNull(f?.src),
        width: orNull(f?.width),
        height: orNull(f?.height),
        title: orNull(f?.title),
      });
    }
    case 'MIXTAPE_EMBED': {
      const m = p.mixtapeMetadata;
      return type.create({
        name,
        href: orNull(m?.href),
        title: orNull(m?.title),
        description: orNull(m?.description),
        thumbnailImageId: orNull(m?.thumbnailImageId),
      });
    }
    default:
      return type.create({ name }, inline());
  }
}

/** The title node of a story title (Post.title). */
function titleNode(schema: Schema, title: string): PMNode {
  return schema.nodes.title!.create(null, title ? schema.text(title) : null);
}

/**
 * Spec §3: the editor document of a story's paragraphs, with `title` as its title line. Consecutive OLI (ULI)
 * paragraphs become one ordered (bullet) list. No paragraphs gives one empty paragraph with a fresh name.
 * Throws 'Unknown paragraph type "X".' for a type the schema does not know.
 */
export function docFromContent(schema: Schema, content: PostContent, title = ''): PMNode {
  const blocks: PMNode[] = [];
  const paragraphs = content.paragraphs;
  for (let i = 0; i < paragraphs.length; i++) {
    const p = paragraphs[i]!;
    if (p.type === 'OLI' || p.type === 'ULI') {
      const items: PMNode[] = [];
      for (; i < paragraphs.length && paragraphs[i]!.type === p.type; i++) {
        items.push(nodeFromParagraph(schema, paragraphs[i]!));
      }
      i--;
      blocks.push(schema.nodes[p.type === 'OLI' ? 'ordered_list' : 'bullet_list']!.create(null, items));
    } else {
      blocks.push(nodeFromParagraph(schema, p));
    }
  }
  if (!blocks.length) blocks.push(schema.nodes.paragraph!.create({ name: freshName() }));
  return schema.topNodeType.create(null, [titleNode(schema, title), ...blocks]);
}

/** An empty story: an empty title and one empty paragraph with a fresh name. */
export function emptyDoc(schema: Schema): PMNode {
  return docFromContent(schema, { paragraphs: [] });
}

// ---------------------------------------------------------------------------------------------------------
// Document → paragraphs
// ---------------------------------------------------------------------------------------------------------

/** The text and normalised markups of a textblock's inline content (hard breaks become '\n'). */
function textAndMarkups(node: PMNode): { text: string; markups: Markup[] } {
  let text = '';
  const raw: Markup[] = [];
  node.forEach((child) => {
    const start = text.length;
    text += child.isText ? (child.text ?? '') : child.type.name === 'hard_break' ? '\n' : '';
    for (const mark of child.marks) {
      const type = MARKUP_FOR_MARK[mark.type.name];
      if (!type) continue;
      raw.push({ type, start, end: text.length, ...(type === 'A' ? linkAttrs(mark.attrs) : {}) });
    }
  });
  return { text, markups: normalizeMarkups(raw, text.length) };
}

const undef = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

function paragraphFromNode(node: PMNode, name: string, listType?: ParagraphType): Paragraph {
  const a = node.attrs;
  const base = (type: ParagraphType): Paragraph => ({ name, type, ...textAndMarkups(node) });
  switch (node.type.name) {
    case 'paragraph':
      return compact({ ...base('P'), hasDropCap: a.hasDropCap });
    case 'heading':
      return base(`H${a.level}` as ParagraphType);
    case 'blockquote':
      return base('BQ');
    case 'pullquote':
      return base('PQ');
    case 'section_caption':
      return base('SECTION_CAPTION');
    case 'cover_title':
      return base('COVER_TITLE');
    case 'list_item':
      return base(listType ?? 'ULI');
    case 'code_block':
      return compact({
        name,
        type: 'PRE',
        text: node.textContent,
        markups: [],
        codeBlockLanguage: a.language,
      });
    case 'horizontal_rule':
      return { name, type: 'HR', text: '', markups: [] };
    case 'image': {
      const p: Paragraph = { ...base('IMG'), layout: a.layout };
      if (a.id !== null) {
        p.metadata = compact({
          id: a.id,
          originalWidth: undef(a.width),
          originalHeight: undef(a.height),
          alt: undef(a.alt),
          focusPercentX: undef(a.focusPercentX),
          focusPercentY: undef(a.focusPercentY),
        });
      }
      return p;
    }
    case 'iframe': {
      const p: Paragraph = { name, type: 'IFRAME', text: '', markups: [] };
      if (a.src !== null)
        p.iframe = compact({ src: a.src, width: a.width, height: a.height, title: a.title });
      return p;
    }
    case 'mixtape': {
      const p: Paragraph = { name, type: 'MIXTAPE_EMBED', text: '', markups: [] };
      if (a.href !== null) {
        p.mixtapeMetadata = compact({
          href: a.href,
          title: a.title,
          description: a.description,
          thumbnailImageId: a.thumbnailImageId,
        });
      }
      return p;
    }
    default:
      throw new Error(`Unknown node type "${node.type.name}".`);
  }
}

/**
 * Spec §3: the stored paragraphs of an editor document (its title line excluded; see `titleFromDoc`).
 * Markups come out normalised; a block without a name (one created outside the editor's plugins) gets a
 * fresh one.
 */
export function contentFromDoc(doc: PMNode): PostContent {
  const taken = namesIn(doc);
  const nameOf = (node: PMNode): string => {
    if (node.attrs.name) return node.attrs.name;
    const name = freshName(taken);
    taken.add(name);
    return name;
  };
  const paragraphs: Paragraph[] = [];
  doc.forEach((block) => {
    if (block.type.name === 'title') return;
    if (block.type.name === 'ordered_list' || block.type.name === 'bullet_list') {
      const listType: ParagraphType = block.type.name === 'ordered_list' ? 'OLI' : 'ULI';
      block.forEach((item) => {
        paragraphs.push(paragraphFromNode(item, nameOf(item), listType));
      });
    } else {
      paragraphs.push(paragraphFromNode(block, nameOf(block)));
    }
  });
  return { paragraphs };
}

/** The story title (Post.title) held by the document's title line. */
export function titleFromDoc(doc: PMNode): string {
  const first = doc.firstChild;
  return first?.type.name === 'title' ? first.textContent : '';
}
