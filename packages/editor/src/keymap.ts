/**
 * Editor key bindings. The `baseKeymap` of prosemirror-commands goes in its own keymap plugin after this one
 * (see `editorPlugins`), so these run first and fall through to it.
 */

import { chainCommands, exitCode, newlineInCode } from 'prosemirror-commands';
import { redo, undo } from 'prosemirror-history';
import { undoInputRule } from 'prosemirror-inputrules';
import type { Schema } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import {
  backspaceAfterImage,
  backspaceAtBlockStart,
  backspaceAtCaptionStart,
  backspaceAtListItemStart,
  cycleQuote,
  deleteBeforeImage,
  enterInCodeBlock,
  enterInEmptyBlock,
  enterInEmptyListItem,
  enterInImageCaption,
  indentInCode,
  insertHardBreak,
  removeLink,
  setParagraph,
  toggleBigHeading,
  toggleCode,
  toggleCodeBlock,
  toggleEm,
  toggleSmallHeading,
  toggleStrike,
  toggleStrong,
  toggleUnderline,
} from './commands';

/** Options of `buildKeymap`. */
export interface KeymapOptions {
  /** Mod-k: open the link prompt (the UI layer's); without it, Mod-k removes the link at the selection. */
  onLink?: Command;
}

/**
 * The bindings: Mod-b/i/u bold, italic, underline; Mod-Shift-x strike; Mod-e inline code; Mod-k link;
 * Mod-z undo, Mod-Shift-z and Mod-y redo; Mod-Alt-1/2 big/small heading (H3/H4), Mod-Alt-5 quote cycle,
 * Mod-Alt-6 code block, Mod-Alt-0 paragraph. Enter: newline in code (a third empty line at the end leaves the
 * block), a paragraph below an image caption, an empty list item or heading/quote becomes a paragraph.
 * Shift-Enter: newline in code, line break elsewhere. Mod-Enter leaves a code block. Backspace: undoes a
 * just-applied input rule, lifts a list item at its start, turns a heading/quote/code block at its start into a
 * paragraph, selects an image instead of merging into its caption. Tab in code indents by two spaces.
 */
export function buildKeymap(_schema: Schema, options: KeymapOptions = {}): Record<string, Command> {
  return {
    'Mod-b': toggleStrong,
    'Mod-i': toggleEm,
    'Mod-u': toggleUnderline,
    'Mod-Shift-x': toggleStrike,
    'Mod-e': toggleCode,
    'Mod-k': options.onLink ?? removeLink,
    'Mod-z': undo,
    'Mod-Shift-z': redo,
    'Mod-y': redo,
    'Mod-Alt-0': setParagraph,
    'Mod-Alt-1': toggleBigHeading,
    'Mod-Alt-2': toggleSmallHeading,
    'Mod-Alt-5': cycleQuote,
    'Mod-Alt-6': toggleCodeBlock(),
    Enter: chainCommands(enterInCodeBlock, enterInImageCaption, enterInEmptyListItem, enterInEmptyBlock),
    'Shift-Enter': chainCommands(newlineInCode, insertHardBreak),
    'Mod-Enter': exitCode,
    Backspace: chainCommands(
      undoInputRule,
      backspaceAtListItemStart,
      backspaceAtCaptionStart,
      backspaceAfterImage,
      backspaceAtBlockStart,
    ),
    Delete: deleteBeforeImage,
    Tab: indentInCode,
  };
}
