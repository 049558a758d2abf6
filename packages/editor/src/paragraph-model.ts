/** How the stored paragraph model (spec §3 paragraph and markup types) names the editor's nodes and marks. */

import type { MarkupType, ParagraphType } from '@quire/domain';

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
