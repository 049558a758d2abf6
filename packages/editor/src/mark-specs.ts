/** The schema's mark specs: one mark per spec §3 markup type. */

import type { MarkupType } from '@quire/domain';
import type { MarkSpec } from 'prosemirror-model';
import { defined, el } from './dom-attrs';
import { isSafeHref } from './urls';

const annotation = (type: MarkupType): MarkSpec => ({
  inclusive: false,
  toDOM: () => ['span', { 'data-markup': type }, 0],
  parseDOM: [{ tag: `span[data-markup="${type}"]` }],
});

/** Mark specs in schema order. */
export const markSpecs: Record<string, MarkSpec> = {
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
