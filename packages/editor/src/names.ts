/**
 * Paragraph names (spec §3: a paragraph's stable name, which highlights and notes anchor to). Blocks keep
 * their name through edits; new, split-off or copied blocks get a fresh one, and runs of same-type lists are
 * joined because the paragraph model cannot tell two adjacent lists apart.
 */

import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, type Transaction } from 'prosemirror-state';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A random 4-hex-digit paragraph name not in `taken` (growing towards 8 digits if the short ones collide). */
export function freshName(taken?: ReadonlySet<string>): string {
  for (let length = 4; ; length = Math.min(8, length + 1)) {
    for (let attempt = 0; attempt < 16; attempt++) {
      const name = hex(globalThis.crypto.getRandomValues(new Uint8Array(4))).slice(0, length);
      if (!taken?.has(name)) return name;
    }
  }
}

/** True for a node that stands for one paragraph and so carries a `name`. */
export function isNamed(node: PMNode): boolean {
  return node.type.spec.attrs?.name !== undefined;
}

/** Every paragraph name in `doc`. */
export function namesIn(doc: PMNode): Set<string> {
  const names = new Set<string>();
  doc.descendants((node) => {
    if (isNamed(node) && node.attrs.name) names.add(node.attrs.name);
    return !node.isTextblock;
  });
  return names;
}

/** Gives a fresh name to each block whose name is empty or already used earlier in the document. */
export function fixNames(tr: Transaction): Transaction {
  const taken = namesIn(tr.doc);
  const seen = new Set<string>();
  const renames: [number, string][] = [];
  tr.doc.descendants((node, pos) => {
    if (isNamed(node)) {
      const name: string = node.attrs.name;
      if (!name || seen.has(name)) {
        const fresh = freshName(taken);
        taken.add(fresh);
        seen.add(fresh);
        renames.push([pos, fresh]);
      } else {
        seen.add(name);
      }
    }
    return !node.isTextblock;
  });
  for (const [pos, name] of renames) tr.setNodeAttribute(pos, 'name', name);
  return tr;
}

const isList = (node: PMNode | null | undefined): boolean =>
  !!node && (node.type.name === 'ordered_list' || node.type.name === 'bullet_list');

/** Joins adjacent top-level lists of the same type. */
export function joinAdjacentLists(tr: Transaction): Transaction {
  const joins: number[] = [];
  let prev: PMNode | null = null;
  tr.doc.forEach((node, offset) => {
    if (isList(node) && prev?.type === node.type) joins.push(offset);
    prev = node;
  });
  for (const pos of joins.reverse()) tr.join(pos);
  return tr;
}

/** Plugin key of `paragraphNamesPlugin`. */
export const paragraphNamesKey = new PluginKey('quireParagraphNames');

/** After every document change: fresh names for new or duplicated blocks, adjacent same-type lists joined. */
export function paragraphNamesPlugin(): Plugin {
  return new Plugin({
    key: paragraphNamesKey,
    appendTransaction(transactions, _old, state) {
      if (!transactions.some((t) => t.docChanged)) return null;
      const tr = joinAdjacentLists(fixNames(state.tr));
      return tr.docChanged ? tr : null;
    },
  });
}
