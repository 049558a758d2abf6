/** Reads spec attrs from parsed DOM and writes them back in toDOM; run by ProseMirror only, never at import. */

import type { Node as PMNode, TagParseRule } from 'prosemirror-model';

const NAME_PATTERN = /^[\w-]{1,16}$/;

export const el = (dom: Node | string): HTMLElement => dom as HTMLElement;

export const nameOf = (dom: HTMLElement): string => {
  const name = dom.getAttribute('data-name') ?? '';
  return NAME_PATTERN.test(name) ? name : '';
};

export const intOf = (value: string | null): number | null => {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : null;
};

export const numOf = (value: string | null): number | null => {
  const n = value === null ? Number.NaN : Number.parseFloat(value);
  return Number.isFinite(n) ? n : null;
};

/** Only the attributes that have a value, so toDOM output carries no `attr="null"`. */
export const defined = (attrs: Record<string, unknown>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs))
    if (v !== null && v !== undefined && v !== false) out[k] = String(v);
  return out;
};

export const named = (node: PMNode, extra: Record<string, unknown> = {}) =>
  defined({ 'data-name': node.attrs.name || null, ...extra });

export const nameAttr = { name: { default: '', validate: 'string' } };

export const namedRule = (tag: string, priority?: number): TagParseRule => ({
  tag,
  ...(priority ? { priority } : {}),
  getAttrs: (dom) => ({ name: nameOf(el(dom)) }),
});
