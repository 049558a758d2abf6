/** The editor's plugin set: names, input rules, keymaps, history, placeholders and paste handling. */

import { baseKeymap } from 'prosemirror-commands';
import { history } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import type { Node as PMNode, Schema } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { buildInputRules } from './inputrules';
import { buildKeymap, type KeymapOptions } from './keymap';
import { paragraphNamesPlugin } from './names';
import { pastePlugin } from './paste';
import { BODY_PLACEHOLDER, TITLE_PLACEHOLDER } from './texts';

/** Options of `editorPlugins`. */
export interface EditorPluginOptions extends KeymapOptions {
  /** Placeholder texts; default `TITLE_PLACEHOLDER` and `BODY_PLACEHOLDER`. */
  placeholders?: { title?: string; body?: string };
}

/** Class put on an empty block that shows a placeholder (the text is in its data-placeholder attribute). */
export const PLACEHOLDER_CLASS = 'q-placeholder';

/** Node decorations for an empty title and an empty first body paragraph. */
export function placeholderDecorations(
  doc: PMNode,
  texts: { title?: string; body?: string } = {},
): DecorationSet {
  const decorations: Decoration[] = [];
  const placeholder = (pos: number, node: PMNode, text: string) =>
    decorations.push(
      Decoration.node(pos, pos + node.nodeSize, { class: PLACEHOLDER_CLASS, 'data-placeholder': text }),
    );
  const title = doc.firstChild;
  if (title?.type.name === 'title' && title.content.size === 0) {
    placeholder(0, title, texts.title ?? TITLE_PLACEHOLDER);
  }
  const first = doc.childCount > 1 ? doc.child(1) : null;
  if (first && title && first.type.name === 'paragraph' && first.content.size === 0) {
    placeholder(title.nodeSize, first, texts.body ?? BODY_PLACEHOLDER);
  }
  return DecorationSet.create(doc, decorations);
}

/** Plugin key of the placeholder plugin. */
export const placeholderKey = new PluginKey('quirePlaceholder');

/** Shows placeholders (see `placeholderDecorations`). */
export function placeholderPlugin(texts: { title?: string; body?: string } = {}): Plugin {
  return new Plugin({
    key: placeholderKey,
    props: { decorations: (state) => placeholderDecorations(state.doc, texts) },
  });
}

/** Every plugin the story editor needs, in order (the UI adds node views and menus on top). */
export function editorPlugins(schema: Schema, options: EditorPluginOptions = {}): Plugin[] {
  return [
    paragraphNamesPlugin(),
    buildInputRules(schema),
    keymap(buildKeymap(schema, options)),
    keymap(baseKeymap),
    history(),
    placeholderPlugin(options.placeholders),
    pastePlugin(schema),
  ];
}
