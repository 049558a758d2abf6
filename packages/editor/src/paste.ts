/**
 * Paste handling: pasted HTML is cleaned as a string (no DOM needed) before the schema's parse rules read it,
 * plain text becomes paragraphs, and copied blocks get fresh paragraph names.
 */

import { Fragment, type Node as PMNode, type Schema, Slice } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import { freshName, isNamed, namesIn } from './names';
import { isSafeHref } from './urls';

/** Elements dropped together with their content. */
const DROPPED = [
  'script',
  'style',
  'noscript',
  'template',
  'title',
  'head',
  'svg',
  'math',
  'object',
  'embed',
  'canvas',
];

const DROPPED_BLOCK = new RegExp(
  `<(${DROPPED.join('|')})\\b(?:[^>"']|"[^"]*"|'[^']*')*>[\\s\\S]*?</\\1\\s*>`,
  'gi',
);
const DROPPED_TAG = new RegExp(`</?(?:${DROPPED.join('|')})\\b(?:[^>"']|"[^"]*"|'[^']*')*>`, 'gi');
const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** Attributes the parse rules read: link and media targets, alt text, and data-* (ProseMirror's and ours). */
const keepAttr = (name: string): boolean =>
  name === 'href' || name === 'src' || name === 'alt' || name.startsWith('data-');

const NAMED_ENTITIES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', amp: '&', sol: '/' };

/** Character references in an attribute value, decoded enough to see the scheme ('&#106;avascript:'). */
const decodeEntities = (value: string): string =>
  value.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi,
    (all, hex?: string, dec?: string, name?: string) => {
      if (hex || dec) {
        const code = Number.parseInt((hex ?? dec)!, hex ? 16 : 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return NAMED_ENTITIES[name!.toLowerCase()] ?? all;
    },
  );

/** Inline formatting that word processors (Google Docs) express with styles on spans, as tags. */
function styleTags(tag: string, style: string): string[] {
  if (tag !== 'span') return [];
  const tags: string[] = [];
  if (/font-weight\s*:\s*(bold|[6-9]00)/i.test(style)) tags.push('strong');
  if (/font-style\s*:\s*italic/i.test(style)) tags.push('em');
  if (/text-decoration[^;]*underline/i.test(style)) tags.push('u');
  if (/text-decoration[^;]*line-through/i.test(style)) tags.push('s');
  return tags;
}

/**
 * Cleans pasted HTML: drops comments, scripts, styles and other non-content elements, and every attribute
 * except href, src, alt and data-* (unsafe href/src values too); bold/italic/underline/strike span styles become
 * tags, and Google Docs' `<b style="font-weight:normal">` wrapper stops meaning bold.
 */
export function cleanPastedHTML(html: string): string {
  // Open <span>/<b> elements: the tag actually written and the style tags to close with it.
  const open: { name: string; as: string; closes: string[] }[] = [];
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[^>]*>/g, '')
    .replace(DROPPED_BLOCK, '')
    .replace(DROPPED_TAG, '')
    .replace(TAG, (_all, slash: string, rawName: string, rawAttrs: string) => {
      const name = rawName.toLowerCase();
      const tracked = name === 'span' || name === 'b';
      if (slash) {
        const i = tracked ? open.map((o) => o.name).lastIndexOf(name) : -1;
        if (i < 0) return `</${name}>`;
        const [entry] = open.splice(i, 1);
        return `${entry!.closes.map((t) => `</${t}>`).join('')}</${entry!.as}>`;
      }
      let style = '';
      const kept: string[] = [];
      for (const m of rawAttrs.matchAll(ATTR)) {
        const attr = m[1]!.toLowerCase();
        const value = m[2] ?? m[3] ?? m[4] ?? '';
        if (attr === 'style') style = value;
        if (!keepAttr(attr)) continue;
        if ((attr === 'href' || attr === 'src') && !isSafeHref(decodeEntities(value))) continue;
        kept.push(` ${attr}="${value.replace(/"/g, '&quot;')}"`);
      }
      const notBold = name === 'b' && /font-weight\s*:\s*(normal|[1-4]00)\b/i.test(style);
      const as = notBold ? 'span' : name;
      const tags = styleTags(as, style);
      if (tracked) open.push({ name, as, closes: [...tags].reverse() });
      return `<${as}${kept.join('')}>${tags.map((t) => `<${t}>`).join('')}`;
    });
}

/** Plain text as paragraphs: blank lines separate paragraphs, single newlines become line breaks. */
export function sliceFromPlainText(schema: Schema, text: string): Slice {
  const chunks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/)
    .map((chunk) => chunk.replace(/^\n+|\n+$/g, ''))
    .filter((chunk) => chunk.length > 0);
  if (!chunks.length) return Slice.empty;
  const paragraphs = chunks.map((chunk) => {
    const nodes: PMNode[] = [];
    chunk.split('\n').forEach((line, i) => {
      if (i > 0) nodes.push(schema.nodes.hard_break!.create());
      if (line) nodes.push(schema.text(line));
    });
    return schema.nodes.paragraph!.create(null, nodes);
  });
  return new Slice(Fragment.fromArray(paragraphs), 1, 1);
}

/** Gives fresh names to pasted blocks whose name is already in `doc` (a copy); a moved block keeps its name. */
export function renamePastedBlocks(slice: Slice, doc: PMNode): Slice {
  const taken = namesIn(doc);
  const rename = (fragment: Fragment): Fragment => {
    const nodes: PMNode[] = [];
    fragment.forEach((node) => {
      if (node.isLeaf && !isNamed(node)) {
        nodes.push(node);
        return;
      }
      const content = node.isLeaf ? node.content : rename(node.content);
      let attrs = node.attrs;
      if (isNamed(node) && taken.has(node.attrs.name)) {
        const name = freshName(taken);
        taken.add(name);
        attrs = { ...attrs, name };
      }
      nodes.push(node.type.create(attrs, content, node.marks));
    });
    return Fragment.fromArray(nodes);
  };
  return new Slice(rename(slice.content), slice.openStart, slice.openEnd);
}

/** Plugin key of `pastePlugin`. */
export const pasteKey = new PluginKey('quirePaste');

/** Cleans pasted HTML, parses pasted plain text into paragraphs and renames copied blocks. */
export function pastePlugin(schema: Schema): Plugin {
  return new Plugin({
    key: pasteKey,
    props: {
      transformPastedHTML: (html) => cleanPastedHTML(html),
      clipboardTextParser: (text) => sliceFromPlainText(schema, text),
      transformPasted: (slice, view) => renamePastedBlocks(slice, view.state.doc),
    },
  });
}
