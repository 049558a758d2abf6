/** Parse help for pasted blocks nested inside the schema's one-line quote and list-item nodes. */

import {
  Fragment,
  type NodeType,
  DOMParser as PMDOMParser,
  type Node as PMNode,
  type Schema,
} from 'prosemirror-model';

const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'LI',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TBODY',
  'TD',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);

/**
 * Pasted quotes and list items often wrap their text in <p>s (Google Docs: <li><p>…</p></li>); our quote and
 * list-item nodes hold inline content, so nested blocks are flattened into one line each, joined by breaks.
 */
export function flattenedInline(dom: HTMLElement, schema: Schema, type: NodeType): Fragment {
  const parser = PMDOMParser.fromSchema(schema);
  const top = type.create();
  const breakNode = schema.nodes.hard_break;
  const parts: Fragment[] = [];
  const walk = (parent: HTMLElement) => {
    const children = Array.from(parent.childNodes);
    let runStart = 0;
    const flush = (end: number) => {
      if (end > runStart) {
        // parse (not parseSlice): with a topNode, parseSlice's `content` is that node, not a Fragment.
        const { content } = parser.parse(parent, { topNode: top, from: runStart, to: end });
        if (content.size) parts.push(content);
      }
    };
    children.forEach((child, i) => {
      if (child.nodeType === 1 && BLOCK_TAGS.has((child as HTMLElement).tagName)) {
        flush(i);
        walk(child as HTMLElement);
        runStart = i + 1;
      }
    });
    flush(children.length);
  };
  walk(dom);
  const nodes: PMNode[] = [];
  parts.forEach((part, i) => {
    if (i > 0 && breakNode) nodes.push(breakNode.create());
    part.forEach((n) => {
      nodes.push(n);
    });
  });
  return Fragment.fromArray(nodes);
}
