// Builds editor states from a compact description and renders them back, for state-level command tests.

import type { Paragraph, ParagraphType } from '@quire/domain';
import type { Node as PMNode } from 'prosemirror-model';
import { type Command, EditorState, NodeSelection, TextSelection } from 'prosemirror-state';
import { contentFromDoc, docFromContent, editorPlugins, schema } from '../src';

/** Top-level blocks and list items (not the title) with their positions, in document order. */
function leafBlocks(doc: PMNode): { node: PMNode; pos: number }[] {
  const out: { node: PMNode; pos: number }[] = [];
  doc.forEach((node, pos) => {
    if (node.type.name === 'title') return;
    if (!node.type.name.endsWith('_list')) {
      out.push({ node, pos });
      return;
    }
    node.forEach((item, o) => {
      out.push({ node: item, pos: pos + 1 + o });
    });
  });
  return out;
}

/**
 * A state from lines like 'P:hel|lo', 'H3:Big', 'OLI:one', 'IMG:caption', 'HR:'. '|' is the cursor, '[' and ']'
 * the anchor and head of a text selection. Paragraph names are p0, p1, ….
 */
export function stateOf(lines: string[], options: { plugins?: boolean; title?: string } = {}): EditorState {
  const marks: { anchor?: [number, number]; head?: [number, number] } = {};
  const paragraphs = lines.map((line, i): Paragraph => {
    const colon = line.indexOf(':');
    const type = line.slice(0, colon) as ParagraphType;
    let text = line.slice(colon + 1);
    for (const [marker, key] of [
      ['|', 'both'],
      ['[', 'anchor'],
      [']', 'head'],
    ] as const) {
      const at = text.indexOf(marker);
      if (at < 0) continue;
      text = text.slice(0, at) + text.slice(at + 1);
      if (key === 'both') marks.anchor = marks.head = [i, at];
      else marks[key] = [i, at];
    }
    const p: Paragraph = { name: `p${i}`, type, text, markups: [] };
    if (type === 'IMG') p.metadata = { id: 'img' };
    if (type === 'IFRAME') p.iframe = { src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };
    if (type === 'MIXTAPE_EMBED') p.mixtapeMetadata = { href: 'https://example.com/' };
    return p;
  });
  const doc = docFromContent(schema, { paragraphs }, options.title ?? 'T');
  const blocks = leafBlocks(doc);
  const pos = ([i, offset]: [number, number]) => blocks[i]!.pos + 1 + offset;
  const state = EditorState.create({
    doc,
    plugins: options.plugins === false ? [] : editorPlugins(schema),
  });
  if (!marks.anchor) return state;
  const selection = TextSelection.create(doc, pos(marks.anchor), pos(marks.head ?? marks.anchor));
  return state.apply(state.tr.setSelection(selection));
}

/** The state as lines in the `stateOf` notation ('[IMG:…]' for a selected block). */
export function linesOf(state: EditorState): string[] {
  const paragraphs = contentFromDoc(state.doc).paragraphs;
  const blocks = leafBlocks(state.doc);
  const sel = state.selection;
  return paragraphs.map((p, i) => {
    const block = blocks[i]!;
    if (sel instanceof NodeSelection && sel.from === block.pos) return `[${p.type}:${p.text}]`;
    const start = block.pos + 1;
    const end = block.pos + block.node.nodeSize - 1;
    const inside = (pos: number) => block.node.isTextblock && pos >= start && pos <= end;
    let text = block.node.isTextblock ? p.text : '';
    const put = (pos: number, marker: string) => {
      const at = pos - start;
      text = text.slice(0, at) + marker + text.slice(at);
    };
    if (!(sel instanceof NodeSelection)) {
      if (sel.empty && inside(sel.head)) put(sel.head, '|');
      else {
        // Insert the later marker first so the earlier offset stays right.
        const ordered = [
          [sel.anchor, '['],
          [sel.head, ']'],
        ] as const;
        for (const [pos, marker] of [...ordered].sort((a, b) => b[0] - a[0]))
          if (inside(pos)) put(pos, marker);
      }
    }
    return `${p.type}:${text}`;
  });
}

/** Names of the paragraphs, in order. */
export const namesOf = (state: EditorState): string[] =>
  contentFromDoc(state.doc).paragraphs.map((p) => p.name);

/** Runs a command; returns the new state, or null when the command did not apply. */
export function run(state: EditorState, command: Command): EditorState | null {
  let next: EditorState | null = null;
  const applied = command(state, (tr) => {
    next = state.apply(tr);
  });
  if (!applied) return null;
  return next ?? state;
}

/** Runs a command that must apply. */
export function must(state: EditorState, command: Command): EditorState {
  const next = run(state, command);
  if (!next) throw new Error('command did not apply');
  return next;
}
