/** The schema's node specs: one node per spec §3 paragraph type, plus the story's title, lists, breaks and text. */

import { ImageDisplayMode, imageUrl, isAllowedIframe } from '@quire/domain';
import { type Attrs, type DOMOutputSpec, Fragment, type NodeSpec } from 'prosemirror-model';
import { defined, el, intOf, nameAttr, named, namedRule, nameOf, numOf } from './dom-attrs';
import { flattenedInline } from './pasted-blocks';
import { imageIdFromSrc, isHttpUrl } from './urls';

/** Options of `createSchema`. */
export interface SchemaOptions {
  /**
   * Spec §5 iframe rule, the allow_iframe flag: off, only allowlisted players (domain `isAllowedIframe`) are
   * framed or accepted from pasted HTML; on, any https address. Read back as `schema.nodes.iframe.spec.allowIframe`.
   */
  allowIframe?: boolean;
}

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

/** Node specs in schema order; `options.allowIframe` is kept on the iframe spec. */
export function nodeSpecs(options: SchemaOptions): Record<string, NodeSpec> {
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
