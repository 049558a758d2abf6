/**
 * Markdown-style shortcuts typed at the start of a paragraph. Medium's two heading sizes are H3 (big) and H4
 * (small), so `# ` gives H3 and `## ` gives H4; H1/H2 exist in stored content but have no shortcut.
 *
 *   `# ` → H3   `## ` → H4   `> ` → BQ   `1. ` / `1) ` → OLI   `- ` / `* ` → ULI   `---` → HR   ``` → PRE
 */

import { InputRule, inputRules } from 'prosemirror-inputrules';
import type { Schema } from 'prosemirror-model';
import type { EditorState, Plugin, Transaction } from 'prosemirror-state';
import { convertBlockAt, listBlockAt } from './commands';

/** One input rule: a pattern ending at the cursor and what it does (ProseMirror's InputRule, kept inspectable). */
export interface InputRuleSpec {
  /** Matched against the block's text before the cursor plus the typed text; ends with `$`. */
  match: RegExp;
  /** Called before the typed text is inserted; `start`–`end` is the matched range minus the typed text. */
  handler: (state: EditorState, match: RegExpMatchArray, start: number, end: number) => Transaction | null;
}

/** True when `pos` is in a top-level paragraph: the shortcuts don't fire in titles, list items or captions. */
const inTopParagraph = (state: EditorState, pos: number): boolean => {
  const $pos = state.doc.resolve(pos);
  return $pos.depth === 1 && $pos.parent.type.name === 'paragraph';
};

/** The rules of the editor, in the order they are tried. */
export function inputRuleSpecs(schema: Schema): InputRuleSpec[] {
  const { heading, blockquote, code_block, ordered_list, bullet_list, horizontal_rule } = schema.nodes;
  const blockRule =
    (apply: (tr: Transaction, pos: number) => Transaction): InputRuleSpec['handler'] =>
    (state, _match, start, end) => {
      if (!inTopParagraph(state, start)) return null;
      const tr = state.tr.delete(start, end);
      return apply(tr, start);
    };
  return [
    { match: /^#\s$/, handler: blockRule((tr, pos) => convertBlockAt(tr, pos, heading!, { level: 3 })) },
    { match: /^##\s$/, handler: blockRule((tr, pos) => convertBlockAt(tr, pos, heading!, { level: 4 })) },
    { match: /^>\s$/, handler: blockRule((tr, pos) => convertBlockAt(tr, pos, blockquote!)) },
    { match: /^1[.)]\s$/, handler: blockRule((tr, pos) => listBlockAt(tr, pos, ordered_list!)) },
    { match: /^[-*]\s$/, handler: blockRule((tr, pos) => listBlockAt(tr, pos, bullet_list!)) },
    {
      match: /^```$/,
      handler: blockRule((tr, pos) => convertBlockAt(tr, pos, code_block!, { language: null })),
    },
    {
      match: /^---$/,
      handler: blockRule((tr, pos) => tr.insert(tr.doc.resolve(pos).before(), horizontal_rule!.create())),
    },
  ];
}

/** The input-rules plugin. */
export function buildInputRules(schema: Schema): Plugin {
  return inputRules({ rules: inputRuleSpecs(schema).map((r) => new InputRule(r.match, r.handler)) });
}

const MAX_MATCH = 500;

/**
 * Types `text` at the cursor one character at a time, applying the input rules as the view's plugin would
 * (for tests and headless use, where there is no EditorView to receive text input).
 */
export function simulateTyping(state: EditorState, text: string): EditorState {
  const rules = inputRuleSpecs(state.schema);
  let current = state;
  for (const char of text) {
    const { $from, from, to } = current.selection;
    let handled: Transaction | null = null;
    if (!$from.parent.type.spec.code && $from.parent.inlineContent) {
      const before =
        $from.parent.textBetween(
          Math.max(0, $from.parentOffset - MAX_MATCH),
          $from.parentOffset,
          undefined,
          '\ufffc',
        ) + char;
      for (const rule of rules) {
        const match = rule.match.exec(before);
        if (!match) continue;
        handled = rule.handler(current, match, from - (match[0].length - char.length), to);
        if (handled) break;
      }
    }
    current = current.apply(handled ?? current.tr.insertText(char, from, to));
  }
  return current;
}
