/**
 * The editor's ProseMirror schema: one node per spec §3 paragraph type and one mark per markup type (the
 * mapping tables are `NODE_FOR_PARAGRAPH` and `MARK_FOR_MARKUP`). Plain spec objects; the toDOM/parseDOM
 * functions only touch the DOM when ProseMirror calls them, so the module imports fine in Node.
 */

import {
  ImageDisplayMode,
  imageUrl,
  isAllowedIframe,
  type MarkupType,
  type ParagraphType,
} from '@quire/domain';
import {
  type Attrs,
  type DOMOutputSpec,
  Fragment,
  type MarkSpec,
  type NodeSpec,
  type NodeType,
  DOMParser as PMDOMParser,
  type Node as PMNode,
  Schema,
  type TagParseRule,
} from 'prosemirror-model';

/** Spec §3 paragraph type → node name (H1–H4 share `heading`, told apart by its `level`). */
export const NODE_FOR_PARAGRAPH = {
  P: 'paragraph',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  H4: 'heading',
  BQ: 'blockquote',
  PQ: 'pullquote',
  PRE: 'code_block',
  OLI: 'list_item',
  ULI: 'list_item',
  HR: 'horizontal_rule',
  IMG: 'image',
  IFRAME: 'iframe',
  MIXTAPE_EMBED: 'mixtape',
  SECTION_CAPTION: 'section_caption',
  COVER_TITLE: 'cover_title',
} as const satisfies Record<ParagraphType, string>;

/** Spec §3 markup type → mark name. */
export const MARK_FOR_MARKUP = {
  A: 'link',
  CODE: 'code',
  COMMENT: 'comment',
  EM: 'em',
  HIGHLIGHT: 'highlight',
  QUERY: 'query',
  QUOTE: 'quote',
  STRONG: 'strong',
  WARNING: 'warning',
  UNDERLINE: 'underline',
  STRIKE: 'strike',
} as const satisfies Record<MarkupType, string>;

/** Mark name → spec §3 markup type. */
export const MARKUP_FOR_MARK: Readonly<Record<string, MarkupType>> = Object.fromEntries(
  Object.entries(MARK_FOR_MARKUP).map(([markup, mark]) => [mark, markup as MarkupType]),
);

/** Annotation markups: set by readers and editors' notes, not by the formatting toolbar. */
export const ANNOTATION_MARKUPS = ['COMMENT', 'QUERY', 'QUOTE', 'WARNING'] as const;

/** Options of `createSchema`. */
export interface SchemaOptions {
  /**
   * Spec §5 iframe rule, the allow_iframe flag: off, only allowlisted players (domain `isAllowedIframe`) are
   * framed or accepted from pasted HTML; on, any https address. Read back as `schema.nodes.iframe.spec.allowIframe`.
   */
  allowIframe?: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// DOM helpers (called by ProseMirror only, never at module scope)
// ---------------------------------------------------------------------------------------------------------

const NAME_PATTERN = /^[\w-]{1,16}$/;
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

const el = (dom: Node | string): HTMLElement => dom as HTMLElement;

const nameOf = (dom: HTMLElement): string => {
  const name = dom.getAttribute('data-name') ?? '';
  return NAME_PATTERN.test(name) ? name : '';
};

const intOf = (value: string | null): number | null => {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : null;
};

const numOf = (value: string | null): number | null => {
  const n = value === null ? Number.NaN : Number.parseFloat(value);
  return Number.isFinite(n) ? n : null;
};

/** Only the attributes that have a value, so toDOM output carries no `attr="null"`. */
const defined = (attrs: Record<string, unknown>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs))
    if (v !== null && v !== undefined && v !== false) out[k] = String(v);
  return out;
};

const named = (node: PMNode, extra: Record<string, unknown> = {}) =>
  defined({ 'data-name': node.attrs.name || null, ...extra });

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
function flattenedInline(dom: HTMLElement, schema: Schema, type: NodeType): Fragment {
  const parser = PMDOMParser.fromSchema(schema);
  const top = type.create();
  const breakNode = schema.nodes.hard_break;
  const parts: Fragment[] = [];
  const walk = (parent: HTMLElement) => {
    const children = Array.from(parent.childNodes);
    let runStart = 0;
    const flush = (end: number) => {
      if (end > runStart) {
        const slice = parser.parseSlice(parent, { topNode: top, from: runStart, to: end });
        if (slice.content.size) parts.push(slice.content);
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

const nameAttr = { name: { default: '', validate: 'string' } };

const namedRule = (tag: string, priority?: number): TagParseRule => ({
  tag,
  ...(priority ? { priority } : {}),
  getAttrs: (dom) => ({ name: nameOf(el(dom)) }),
});

const imageAttrsFrom = (figure: HTMLElement, img: HTMLElement | null): Attrs | false => {
  const id =
    figure.getAttribute('data-image-id') ??
    img?.getAttribute('data-image-id') ??
    imageIdFromSrc(img?.getAttribute('src') ?? null);
  if (!id) return false;
  const layout = figure.getAttribute('data-layout');
  return {
    name: nameOf(figure),
    id,
    width: intOf(figure.getAttribute('data-width') ?? img?.getAttribute('width') ?? null),
    height: intOf(figure.getAttribute('data-height') ?? img?.getAttribute('height') ?? null),
    alt: img?.getAttribute('alt') ?? figure.getAttribute('data-alt') ?? null,
    focusPercentX: numOf(figure.getAttribute('data-focus-x')),
    focusPercentY: numOf(figure.getAttribute('data-focus-y')),
    layout: (ImageDisplayMode as readonly string[]).includes(layout ?? '') ? layout : 'INSET',
  };
};

const validLevel = (level: unknown) => {
  if (level !== 1 && level !== 2 && level !== 3 && level !== 4)
    throw new RangeError('Heading level must be 1–4.');
};

const validLayout = (layout: unknown) => {
  if (!(ImageDisplayMode as readonly unknown[]).includes(layout))
    throw new RangeError('Unknown image layout.');
};

// ---------------------------------------------------------------------------------------------------------
// Nodes
// ---------------------------------------------------------------------------------------------------------

function nodeSpecs(options: SchemaOptions): Record<string, NodeSpec> {
  const allowIframe = options.allowIframe ?? false;
  return {
    /** The story: its title, then at least one body block. */
    doc: { content: 'title block+' },

    /** The story title (Post.title, not a paragraph of the content); plain text. */
    title: {
      content: 'text*',
      marks: '',
      defining: true,
      toDOM: () => ['h1', { 'data-title': '' }, 0],
    },

    /** P: a plain paragraph; `hasDropCap` is the reader's drop cap flag. */
    paragraph: {
      group: 'block',
      content: 'inline*',
      attrs: { ...nameAttr, hasDropCap: { default: null, validate: 'boolean|null' } },
      toDOM: (node) => ['p', named(node, { 'data-drop-cap': node.attrs.hasDropCap }), 0],
      parseDOM: [
        {
          tag: 'p',
          getAttrs: (dom) => ({
            name: nameOf(el(dom)),
            hasDropCap: el(dom).hasAttribute('data-drop-cap') ? true : null,
          }),
        },
      ],
    },

    /** H1–H4 by `level`; the editor offers H3 (big) and H4 (small) as Medium does. Pasted h5/h6 become H4. */
    heading: {
      group: 'block',
      content: 'inline*',
      defining: true,
      attrs: { ...nameAttr, level: { default: 3, validate: validLevel } },
      toDOM: (node) => [`h${node.attrs.level}`, named(node), 0],
      parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({
        tag: `h${level}`,
        getAttrs: (dom) => ({ name: nameOf(el(dom)), level: Math.min(level, 4) }),
      })),
    },

    /** BQ: a block quote holding one paragraph of text. */
    blockquote: {
      group: 'block',
      content: 'inline*',
      defining: true,
      attrs: nameAttr,
      toDOM: (node) => ['blockquote', named(node), 0],
      parseDOM: [
        {
          tag: 'blockquote',
          getAttrs: (dom) => ({ name: nameOf(el(dom)) }),
          getContent: (dom, schema) => flattenedInline(el(dom), schema, schema.nodes.blockquote!),
        },
      ],
    },

    /** PQ: a pull quote, a large excerpt set off from the text. */
    pullquote: {
      group: 'block',
      content: 'inline*',
      defining: true,
      attrs: nameAttr,
      toDOM: (node) => ['blockquote', named(node, { 'data-pullquote': '' }), 0],
      parseDOM: [
        {
          tag: 'blockquote[data-pullquote]',
          priority: 60,
          getAttrs: (dom) => ({ name: nameOf(el(dom)) }),
          getContent: (dom, schema) => flattenedInline(el(dom), schema, schema.nodes.pullquote!),
        },
      ],
    },

    /** PRE: preformatted code with an optional language; no marks, newlines kept as text. */
    code_block: {
      group: 'block',
      content: 'text*',
      marks: '',
      code: true,
      defining: true,
      attrs: { ...nameAttr, language: { default: null, validate: 'string|null' } },
      toDOM: (node) => ['pre', named(node, { 'data-language': node.attrs.language }), ['code', 0]],
      parseDOM: [
        {
          tag: 'pre',
          preserveWhitespace: 'full',
          getAttrs: (dom) => ({
            name: nameOf(el(dom)),
            language: el(dom).getAttribute('data-language') || null,
          }),
          getContent: (dom, schema) => {
            const text = dom.textContent ?? '';
            return text ? Fragment.from(schema.text(text)) : Fragment.empty;
          },
        },
      ],
    },

    /** A run of OLI paragraphs. */
    ordered_list: {
      group: 'block',
      content: 'list_item+',
      toDOM: () => ['ol', 0],
      parseDOM: [{ tag: 'ol' }],
    },

    /** A run of ULI paragraphs. */
    bullet_list: {
      group: 'block',
      content: 'list_item+',
      toDOM: () => ['ul', 0],
      parseDOM: [{ tag: 'ul' }],
    },

    /** OLI/ULI: one list item, one paragraph (no nesting); the list type comes from its parent. */
    list_item: {
      content: 'inline*',
      defining: true,
      attrs: nameAttr,
      toDOM: (node) => ['li', named(node), 0],
      parseDOM: [
        {
          tag: 'li',
          getAttrs: (dom) => ({ name: nameOf(el(dom)) }),
          getContent: (dom, schema) => flattenedInline(el(dom), schema, schema.nodes.list_item!),
        },
      ],
    },

    /** HR: a section break. */
    horizontal_rule: {
      group: 'block',
      attrs: nameAttr,
      toDOM: (node) => ['hr', named(node)],
      parseDOM: [namedRule('hr')],
    },

    /** IMG: an uploaded image (by media id) with a display layout; its inline content is the caption. */
    image: {
      group: 'block',
      content: 'inline*',
      draggable: true,
      isolating: true,
      attrs: {
        ...nameAttr,
        id: { default: null, validate: 'string|null' },
        width: { default: null, validate: 'number|null' },
        height: { default: null, validate: 'number|null' },
        alt: { default: null, validate: 'string|null' },
        focusPercentX: { default: null, validate: 'number|null' },
        focusPercentY: { default: null, validate: 'number|null' },
        layout: { default: 'INSET', validate: validLayout },
      },
      toDOM: (node) => {
        const { id, width, height, alt, focusPercentX, focusPercentY, layout } = node.attrs;
        const figure = named(node, {
          'data-image-id': id,
          'data-layout': layout,
          'data-width': width,
          'data-height': height,
          'data-focus-x': focusPercentX,
          'data-focus-y': focusPercentY,
        });
        const caption: DOMOutputSpec = ['figcaption', 0];
        if (!id) return ['figure', figure, caption];
        const img = defined({ src: imageUrl(id, { width: 1400 }), alt: alt ?? '', width, height });
        return ['figure', figure, ['img', img], caption];
      },
      parseDOM: [
        {
          tag: 'figure',
          getAttrs: (dom) => imageAttrsFrom(el(dom), el(dom).querySelector('img')),
          contentElement: (dom) =>
            dom.querySelector('figcaption') ?? dom.ownerDocument.createElement('figcaption'),
        },
        { tag: 'img[src]', getAttrs: (dom) => imageAttrsFrom(el(dom), el(dom)) },
      ],
    },

    /** IFRAME: an embedded player; framed only when spec §5 allows its address, otherwise shown as a link. */
    iframe: {
      group: 'block',
      atom: true,
      draggable: true,
      allowIframe,
      attrs: {
        ...nameAttr,
        src: { default: null, validate: 'string|null' },
        width: { default: null, validate: 'number|null' },
        height: { default: null, validate: 'number|null' },
        title: { default: null, validate: 'string|null' },
      },
      toDOM: (node) => {
        const { src, width, height, title } = node.attrs;
        const figure = named(node, {
          'data-iframe-src': src,
          'data-width': width,
          'data-height': height,
          'data-title': title,
        });
        if (!src || !isHttpUrl(src)) return ['figure', figure];
        if (!isAllowedIframe(src, { allowIframe })) {
          return ['figure', figure, ['a', { href: src, rel: 'noopener nofollow' }, title ?? src]];
        }
        const frame = defined({
          src,
          width,
          height,
          title,
          loading: 'lazy',
          sandbox: 'allow-scripts allow-same-origin allow-popups',
        });
        return ['figure', figure, ['iframe', frame]];
      },
      parseDOM: [
        {
          tag: 'figure[data-iframe-src]',
          priority: 60,
          getAttrs: (dom) => {
            const d = el(dom);
            const src = d.getAttribute('data-iframe-src') ?? '';
            if (!isAllowedIframe(src, { allowIframe })) return false;
            return {
              name: nameOf(d),
              src,
              width: intOf(d.getAttribute('data-width')),
              height: intOf(d.getAttribute('data-height')),
              title: d.getAttribute('data-title'),
            };
          },
        },
        {
          tag: 'iframe[src]',
          getAttrs: (dom) => {
            const d = el(dom);
            const src = d.getAttribute('src') ?? '';
            if (!isAllowedIframe(src, { allowIframe })) return false;
            return {
              name: nameOf(d),
              src,
              width: intOf(d.getAttribute('width')),
              height: intOf(d.getAttribute('height')),
              title: d.getAttribute('title'),
            };
          },
        },
      ],
    },

    /** MIXTAPE_EMBED: a link card to another page (title, description, thumbnail). */
    mixtape: {
      group: 'block',
      atom: true,
      draggable: true,
      attrs: {
        ...nameAttr,
        href: { default: null, validate: 'string|null' },
        title: { default: null, validate: 'string|null' },
        description: { default: null, validate: 'string|null' },
        thumbnailImageId: { default: null, validate: 'string|null' },
      },
      toDOM: (node) => {
        const { href, title, description, thumbnailImageId } = node.attrs;
        const attrs = named(node, {
          'data-mixtape-href': href,
          'data-title': title,
          'data-description': description,
          'data-thumbnail-image-id': thumbnailImageId,
        });
        const a = defined({ href: href && isHttpUrl(href) ? href : null, rel: 'noopener nofollow' });
        const link: DOMOutputSpec = description
          ? ['a', a, ['strong', title ?? href ?? ''], ['em', description]]
          : ['a', a, ['strong', title ?? href ?? '']];
        return ['div', attrs, link];
      },
      parseDOM: [
        {
          tag: 'div[data-mixtape-href]',
          getAttrs: (dom) => {
            const d = el(dom);
            const href = d.getAttribute('data-mixtape-href') ?? '';
            if (!isHttpUrl(href)) return false;
            return {
              name: nameOf(d),
              href,
              title: d.getAttribute('data-title'),
              description: d.getAttribute('data-description'),
              thumbnailImageId: d.getAttribute('data-thumbnail-image-id'),
            };
          },
        },
      ],
    },

    /** SECTION_CAPTION: a small caption line for a section. */
    section_caption: {
      group: 'block',
      content: 'inline*',
      attrs: nameAttr,
      toDOM: (node) => ['p', named(node, { 'data-section-caption': '' }), 0],
      parseDOM: [namedRule('p[data-section-caption]', 60)],
    },

    /** COVER_TITLE: a large title set over a cover image. */
    cover_title: {
      group: 'block',
      content: 'inline*',
      defining: true,
      attrs: nameAttr,
      toDOM: (node) => ['h1', named(node, { 'data-cover-title': '' }), 0],
      parseDOM: [namedRule('h1[data-cover-title]', 60)],
    },

    /** A line break inside a paragraph; stored as '\n' in the paragraph text. */
    hard_break: {
      inline: true,
      group: 'inline',
      selectable: false,
      linebreakReplacement: true,
      toDOM: () => ['br'],
      parseDOM: [{ tag: 'br' }],
      leafText: () => '\n',
    },

    /** Text. */
    text: { group: 'inline' },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Marks
// ---------------------------------------------------------------------------------------------------------

const annotation = (type: MarkupType): MarkSpec => ({
  inclusive: false,
  toDOM: () => ['span', { 'data-markup': type }, 0],
  parseDOM: [{ tag: `span[data-markup="${type}"]` }],
});

const markSpecs: Record<string, MarkSpec> = {
  /** A: a link (`userId` when it mentions a user's profile). */
  link: {
    inclusive: false,
    attrs: {
      href: { default: null, validate: 'string|null' },
      title: { default: null, validate: 'string|null' },
      userId: { default: null, validate: 'string|null' },
    },
    toDOM: (mark) => {
      const { href, title, userId } = mark.attrs;
      const safe = typeof href === 'string' && isSafeHref(href) ? href : null;
      return ['a', defined({ href: safe, title, 'data-user-id': userId, rel: 'noopener nofollow' }), 0];
    },
    parseDOM: [
      {
        tag: 'a[href]',
        getAttrs: (dom) => {
          const d = el(dom);
          const href = d.getAttribute('href') ?? '';
          if (!isSafeHref(href)) return false;
          return { href, title: d.getAttribute('title'), userId: d.getAttribute('data-user-id') };
        },
      },
    ],
  },

  /** STRONG: bold. */
  strong: {
    toDOM: () => ['strong', 0],
    parseDOM: [
      { tag: 'strong' },
      // Google Docs wraps whole pastes in <b style="font-weight:normal">.
      { tag: 'b', getAttrs: (dom) => el(dom).style?.fontWeight !== 'normal' && null },
      { style: 'font-weight=400', clearMark: (m) => m.type.name === 'strong' },
      { style: 'font-weight', getAttrs: (value) => /^(bold(er)?|[5-9]\d{2,})$/.test(value) && null },
    ],
  },

  /** EM: italic. */
  em: {
    toDOM: () => ['em', 0],
    parseDOM: [
      { tag: 'i' },
      { tag: 'em' },
      { style: 'font-style=italic' },
      { style: 'font-style=normal', clearMark: (m) => m.type.name === 'em' },
    ],
  },

  /** UNDERLINE. */
  underline: {
    toDOM: () => ['u', 0],
    parseDOM: [{ tag: 'u' }, { style: 'text-decoration', getAttrs: (v) => v.includes('underline') && null }],
  },

  /** STRIKE: struck-through text. */
  strike: {
    toDOM: () => ['s', 0],
    parseDOM: [
      { tag: 's' },
      { tag: 'del' },
      { tag: 'strike' },
      { style: 'text-decoration', getAttrs: (v) => v.includes('line-through') && null },
    ],
  },

  /** HIGHLIGHT: the author's highlighted text. */
  highlight: {
    toDOM: () => ['mark', 0],
    parseDOM: [{ tag: 'mark' }],
  },

  /** CODE: inline code. */
  code: {
    toDOM: () => ['code', 0],
    parseDOM: [{ tag: 'code' }],
  },

  /** COMMENT: an annotation anchoring a comment. */
  comment: annotation('COMMENT'),
  /** QUERY: an annotation anchoring an editor's query. */
  query: annotation('QUERY'),
  /** QUOTE: an annotation marking a quoted (reader-highlighted) passage. */
  quote: annotation('QUOTE'),
  /** WARNING: an annotation flagging a problem. */
  warning: annotation('WARNING'),
};

/** Builds the editor schema; `allowIframe` follows spec §5 (see `SchemaOptions`). */
export function createSchema(options: SchemaOptions = {}): Schema {
  return new Schema({ nodes: nodeSpecs(options), marks: markSpecs });
}

/** The editor schema with live iframes off (spec §5 default). */
export const schema: Schema = createSchema();
