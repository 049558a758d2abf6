/**
 * Editor commands, per node and mark. Block commands keep each paragraph's name (spec §3) and work on
 * "paragraph blocks": the title, each top-level block and each list item, in document order. Changing a block's
 * type keeps its size, so a selection is carried over by (block index, offset in block).
 */

import { type ImageDisplayMode, isAllowedIframe } from '@quire/domain';
import { toggleMark as pmToggleMark } from 'prosemirror-commands';
import {
  Fragment,
  type Mark,
  type MarkType,
  type NodeType,
  type Node as PMNode,
  type Schema,
} from 'prosemirror-model';
import {
  type Command,
  type EditorState,
  NodeSelection,
  TextSelection,
  type Transaction,
} from 'prosemirror-state';
import { joinAdjacentLists } from './names';
import { isSafeHref } from './urls';

// ---------------------------------------------------------------------------------------------------------
// Paragraph blocks
// ---------------------------------------------------------------------------------------------------------

/** A paragraph block and where it sits; `list` is its list and the list's position for a list item. */
interface Block {
  node: PMNode;
  pos: number;
  list?: { node: PMNode; pos: number };
}

/** Textblocks whose type the block commands may change (not the title, not an image caption). */
const CONVERTIBLE = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'pullquote',
  'code_block',
  'section_caption',
  'cover_title',
  'list_item',
]);

const LISTS = new Set(['ordered_list', 'bullet_list']);

function blocksOf(doc: PMNode): Block[] {
  const blocks: Block[] = [];
  doc.forEach((node, pos) => {
    if (LISTS.has(node.type.name)) {
      node.forEach((item, offset) => {
        blocks.push({ node: item, pos: pos + 1 + offset, list: { node, pos } });
      });
    } else {
      blocks.push({ node, pos });
    }
  });
  return blocks;
}

/** Index of the block holding `pos` (a position between blocks counts for the next one). */
function blockIndexAt(blocks: readonly Block[], pos: number): number {
  let index = 0;
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i]!.pos <= pos) index = i;
    else break;
  }
  return index;
}

/** Indices of the blocks the selection touches. */
function selectedIndices(state: EditorState, blocks: readonly Block[]): number[] {
  const { from, to } = state.selection;
  const first = blockIndexAt(blocks, from);
  const last = blockIndexAt(blocks, Math.max(from, to - 1));
  const out: number[] = [];
  for (let i = first; i <= Math.max(first, last); i++) out.push(i);
  return out;
}

type Spot = { index: number; offset: number };

const spotOf = (blocks: readonly Block[], pos: number): Spot => {
  const index = blockIndexAt(blocks, pos);
  return { index, offset: pos - blocks[index]!.pos };
};

const posOf = (blocks: readonly Block[], spot: Spot): number => {
  const block = blocks[Math.min(spot.index, blocks.length - 1)]!;
  return block.pos + Math.max(0, Math.min(spot.offset, block.node.nodeSize));
};

/** Runs `change` on `tr`, then restores its selection by block index and offset in the block. */
function keepingSelection(tr: Transaction, change: (tr: Transaction) => void): Transaction {
  const before = blocksOf(tr.doc);
  const sel = tr.selection;
  const anchor = spotOf(before, sel.anchor);
  const head = spotOf(before, sel.head);
  const isNode = sel instanceof NodeSelection;
  change(tr);
  const after = blocksOf(tr.doc);
  if (isNode) {
    const target = after[Math.min(anchor.index, after.length - 1)]!;
    if (NodeSelection.isSelectable(target.node))
      return tr.setSelection(NodeSelection.create(tr.doc, target.pos));
  }
  const $anchor = tr.doc.resolve(posOf(after, anchor));
  const $head = tr.doc.resolve(posOf(after, head));
  return tr.setSelection(TextSelection.between($anchor, $head));
}

/** A textblock's inline content for an inline-content type: code newlines become hard breaks. */
function inlineContent(node: PMNode, schema: Schema): Fragment {
  if (!node.type.spec.code) return node.content;
  const nodes: PMNode[] = [];
  node.textContent.split('\n').forEach((line, i) => {
    if (i > 0) nodes.push(schema.nodes.hard_break!.create());
    if (line) nodes.push(schema.text(line));
  });
  return Fragment.fromArray(nodes);
}

/** Turns the list items among `indices` into paragraphs, splitting their lists around them. */
function unlist(tr: Transaction, indices: readonly number[]): void {
  const schema = tr.doc.type.schema;
  const blocks = blocksOf(tr.doc);
  const wanted = new Set(indices);
  const lists = new Map<number, { list: PMNode; items: boolean[] }>();
  blocks.forEach((b, i) => {
    if (!b.list) return;
    const entry = lists.get(b.list.pos) ?? { list: b.list.node, items: [] };
    entry.items.push(wanted.has(i));
    lists.set(b.list.pos, entry);
  });
  for (const [pos, { list, items }] of [...lists.entries()].reverse()) {
    if (!items.includes(true)) continue;
    const out: PMNode[] = [];
    let run: PMNode[] = [];
    const flush = () => {
      if (run.length) out.push(list.type.create(list.attrs, run));
      run = [];
    };
    list.forEach((item, _offset, i) => {
      if (!items[i]) {
        run.push(item);
        return;
      }
      flush();
      out.push(schema.nodes.paragraph!.create({ name: item.attrs.name }, item.content));
    });
    flush();
    tr.replaceWith(pos, pos + list.nodeSize, out);
  }
}

/** Sets the convertible blocks among `indices` to `type`, keeping names (list items leave their list). */
function convertBlocks(
  tr: Transaction,
  indices: readonly number[],
  type: NodeType,
  attrs: object = {},
): void {
  const convertible = indices.filter((i) => CONVERTIBLE.has(blocksOf(tr.doc)[i]?.node.type.name ?? ''));
  unlist(tr, convertible);
  const blocks = blocksOf(tr.doc);
  const since = tr.steps.length;
  for (const i of convertible) {
    const block = blocks[i]!;
    const pos = tr.mapping.slice(since).map(block.pos);
    if (block.node.type === type && Object.entries(attrs).every(([k, v]) => block.node.attrs[k] === v))
      continue;
    tr.setBlockType(pos, pos + block.node.nodeSize, type, (old) => ({ ...attrs, name: old.attrs.name }));
  }
}

/** Wraps the convertible blocks among `indices` into lists of `listType` (joined with neighbouring ones). */
function listBlocks(tr: Transaction, indices: readonly number[], listType: NodeType): void {
  const schema = tr.doc.type.schema;
  unlist(tr, indices);
  const blocks = blocksOf(tr.doc);
  const runs: Block[][] = [];
  let prevEnd = -1;
  for (const i of indices) {
    const block = blocks[i];
    if (!block || !CONVERTIBLE.has(block.node.type.name)) {
      prevEnd = -1;
      continue;
    }
    if (block.pos === prevEnd) runs[runs.length - 1]!.push(block);
    else runs.push([block]);
    prevEnd = block.pos + block.node.nodeSize;
  }
  for (const run of runs.reverse()) {
    const first = run[0]!;
    const last = run[run.length - 1]!;
    const items = run.map((b) =>
      schema.nodes.list_item!.create({ name: b.node.attrs.name }, inlineContent(b.node, schema)),
    );
    tr.replaceWith(first.pos, last.pos + last.node.nodeSize, listType.create(null, items));
  }
  joinAdjacentLists(tr);
}

/** Sets the block holding `pos` to `type` (input rules), keeping its name and the selection. */
export function convertBlockAt(
  tr: Transaction,
  pos: number,
  type: NodeType,
  attrs: object = {},
): Transaction {
  const index = blockIndexAt(blocksOf(tr.doc), pos);
  return keepingSelection(tr, (t) => convertBlocks(t, [index], type, attrs));
}

/** Wraps the block holding `pos` in a list of `listType` (input rules), keeping its name and the selection. */
export function listBlockAt(tr: Transaction, pos: number, listType: NodeType): Transaction {
  const index = blockIndexAt(blocksOf(tr.doc), pos);
  return keepingSelection(tr, (t) => listBlocks(t, [index], listType));
}

const selectedBlocks = (state: EditorState): Block[] => {
  const blocks = blocksOf(state.doc);
  return selectedIndices(state, blocks).map((i) => blocks[i]!);
};

const convertibleSelected = (state: EditorState): Block[] =>
  selectedBlocks(state).filter((b) => CONVERTIBLE.has(b.node.type.name));

/** Sets the selected blocks to `type` with `attrs`, keeping their names; false when none can change. */
export function setBlockType(type: NodeType, attrs: object = {}): Command {
  return (state, dispatch) => {
    if (!convertibleSelected(state).length) return false;
    if (dispatch) {
      const indices = selectedIndices(state, blocksOf(state.doc));
      dispatch(keepingSelection(state.tr, (tr) => convertBlocks(tr, indices, type, attrs)).scrollIntoView());
    }
    return true;
  };
}

const isAll = (state: EditorState, test: (node: PMNode, block: Block) => boolean): boolean => {
  const blocks = convertibleSelected(state);
  return blocks.length > 0 && blocks.every((b) => test(b.node, b));
};

/** P: turns the selected blocks into plain paragraphs. */
export const setParagraph: Command = (state, dispatch) =>
  setBlockType(state.schema.nodes.paragraph!)(state, dispatch);

/** H1–H4: toggles a heading of `level` (paragraph again when all selected blocks already are one). */
export function toggleHeading(level: 1 | 2 | 3 | 4): Command {
  return (state, dispatch) => {
    const heading = state.schema.nodes.heading!;
    if (isAll(state, (n) => n.type === heading && n.attrs.level === level))
      return setParagraph(state, dispatch);
    return setBlockType(heading, { level })(state, dispatch);
  };
}

/** Medium's big heading, H3. */
export const toggleBigHeading: Command = toggleHeading(3);

/** Medium's small heading, H4. */
export const toggleSmallHeading: Command = toggleHeading(4);

/** BQ → PQ → P → BQ: Medium's quote button cycles block quote, pull quote, plain paragraph. */
export const cycleQuote: Command = (state, dispatch) => {
  const { blockquote, pullquote, paragraph } = state.schema.nodes;
  const first = convertibleSelected(state)[0]?.node.type;
  const next = first === blockquote ? pullquote! : first === pullquote ? paragraph! : blockquote!;
  return setBlockType(next)(state, dispatch);
};

/** PRE: toggles a code block (with `language` when given). */
export function toggleCodeBlock(language: string | null = null): Command {
  return (state, dispatch) => {
    const code = state.schema.nodes.code_block!;
    if (isAll(state, (n) => n.type === code)) return setParagraph(state, dispatch);
    return setBlockType(code, { language })(state, dispatch);
  };
}

/** PRE: sets the language of the code block holding the cursor. */
export function setCodeBlockLanguage(language: string | null): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    if ($from.parent.type.name !== 'code_block') return false;
    if (dispatch) dispatch(state.tr.setNodeAttribute($from.before(), 'language', language || null));
    return true;
  };
}

/** OLI/ULI: toggles the selected blocks in or out of a list of `listType` (ordered_list or bullet_list). */
export function toggleList(listType: NodeType): Command {
  return (state, dispatch) => {
    if (!convertibleSelected(state).length) return false;
    if (dispatch) {
      const indices = selectedIndices(state, blocksOf(state.doc));
      const allIn = isAll(state, (_n, b) => b.list?.node.type === listType);
      dispatch(
        keepingSelection(state.tr, (tr) =>
          allIn ? unlist(tr, indices) : listBlocks(tr, indices, listType),
        ).scrollIntoView(),
      );
    }
    return true;
  };
}

/** OLI: toggles an ordered list. */
export const toggleOrderedList: Command = (state, dispatch) =>
  toggleList(state.schema.nodes.ordered_list!)(state, dispatch);

/** ULI: toggles a bullet list. */
export const toggleBulletList: Command = (state, dispatch) =>
  toggleList(state.schema.nodes.bullet_list!)(state, dispatch);

// ---------------------------------------------------------------------------------------------------------
// Inserting blocks
// ---------------------------------------------------------------------------------------------------------

/**
 * Inserts a block node: in place of an empty paragraph (which moves below it and keeps the cursor), otherwise
 * after the top-level block holding the selection; the cursor ends in the textblock after it.
 */
export function insertBlock(node: PMNode): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    if ($from.depth < 1 && !(state.selection instanceof NodeSelection)) return false;
    const top = $from.depth >= 1 ? $from.node(1) : state.doc.nodeAt($from.pos);
    const topPos = $from.depth >= 1 ? $from.before(1) : $from.pos;
    if (!top) return false;
    if (dispatch) {
      const tr = state.tr;
      const emptyParagraph = top.type.name === 'paragraph' && top.content.size === 0;
      let after: number;
      if (emptyParagraph) {
        tr.insert(topPos, node);
        after = topPos + node.nodeSize;
      } else {
        const end = topPos + top.nodeSize;
        tr.insert(end, node);
        after = end + node.nodeSize;
        const next = tr.doc.nodeAt(after);
        if (!next?.isTextblock || next.type.name === 'image') {
          tr.insert(after, state.schema.nodes.paragraph!.create());
        }
      }
      dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
    }
    return true;
  };
}

/** HR: inserts a section break. */
export const insertHorizontalRule: Command = (state, dispatch) =>
  insertBlock(state.schema.nodes.horizontal_rule!.create())(state, dispatch);

/** Attributes of a new IMG block. */
export interface ImageAttrs {
  id: string;
  width?: number | null;
  height?: number | null;
  alt?: string | null;
  layout?: ImageDisplayMode;
}

/** IMG: inserts an uploaded image with an optional caption. */
export function insertImage(attrs: ImageAttrs, caption = ''): Command {
  return (state, dispatch) => {
    const node = state.schema.nodes.image!.create(
      { ...attrs, layout: attrs.layout ?? 'INSET' },
      caption ? state.schema.text(caption) : null,
    );
    return insertBlock(node)(state, dispatch);
  };
}

/** IFRAME: inserts an embed whose `src` spec §5 allows (see `SchemaOptions.allowIframe`). */
export function insertIframe(attrs: {
  src: string;
  width?: number | null;
  height?: number | null;
  title?: string | null;
}): Command {
  return (state, dispatch) => {
    const iframe = state.schema.nodes.iframe!;
    if (!isAllowedIframe(attrs.src, { allowIframe: iframe.spec.allowIframe === true })) return false;
    return insertBlock(iframe.create(attrs))(state, dispatch);
  };
}

/** MIXTAPE_EMBED: inserts a link card (http(s) `href` only). */
export function insertMixtape(attrs: {
  href: string;
  title?: string | null;
  description?: string | null;
  thumbnailImageId?: string | null;
}): Command {
  return (state, dispatch) => {
    if (!/^https?:\/\//i.test(attrs.href)) return false;
    return insertBlock(state.schema.nodes.mixtape!.create(attrs))(state, dispatch);
  };
}

/** The image block holding the selection (selected, or the cursor in its caption), with its position. */
function selectedImage(state: EditorState): { node: PMNode; pos: number } | null {
  const sel = state.selection;
  if (sel instanceof NodeSelection && sel.node.type.name === 'image')
    return { node: sel.node, pos: sel.from };
  const { $from } = sel;
  if ($from.parent.type.name === 'image') return { node: $from.parent, pos: $from.before() };
  return null;
}

/** IMG: sets the display layout (spec §3 image display modes) of the selected image. */
export function setImageLayout(layout: ImageDisplayMode): Command {
  return (state, dispatch) => {
    const image = selectedImage(state);
    if (!image) return false;
    if (dispatch) dispatch(state.tr.setNodeAttribute(image.pos, 'layout', layout));
    return true;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Marks
// ---------------------------------------------------------------------------------------------------------

/** Toggles the mark called `name` (strong, em, underline, strike, code, highlight, …) on the selection. */
export function toggleMarkNamed(name: string): Command {
  return (state, dispatch) => {
    const type = state.schema.marks[name];
    return type ? pmToggleMark(type)(state, dispatch) : false;
  };
}

/** STRONG. */
export const toggleStrong: Command = toggleMarkNamed('strong');
/** EM. */
export const toggleEm: Command = toggleMarkNamed('em');
/** UNDERLINE. */
export const toggleUnderline: Command = toggleMarkNamed('underline');
/** STRIKE. */
export const toggleStrike: Command = toggleMarkNamed('strike');
/** CODE (inline). */
export const toggleCode: Command = toggleMarkNamed('code');
/** HIGHLIGHT. */
export const toggleHighlight: Command = toggleMarkNamed('highlight');

/** True when the selection (or the stored marks at the cursor) carries a mark of `type`. */
export function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { from, to, empty, $from } = state.selection;
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks());
  return state.doc.rangeHasMark(from, to, type);
}

/** The extent and attributes of the link around the cursor, or null. */
export function linkRangeAt(state: EditorState): { from: number; to: number; attrs: Mark['attrs'] } | null {
  const type = state.schema.marks.link!;
  const { $from } = state.selection;
  const at = $from.parentOffset;
  const ranges: { from: number; to: number; mark: Mark }[] = [];
  $from.parent.forEach((child, offset) => {
    const mark = type.isInSet(child.marks);
    if (!mark) return;
    const last = ranges[ranges.length - 1];
    if (last && last.to === offset && last.mark.eq(mark)) last.to = offset + child.nodeSize;
    else ranges.push({ from: offset, to: offset + child.nodeSize, mark });
  });
  const hit = ranges.find((r) => r.from < at && at < r.to) ?? ranges.find((r) => r.from <= at && at <= r.to);
  if (!hit) return null;
  const base = $from.start();
  return { from: base + hit.from, to: base + hit.to, attrs: hit.mark.attrs };
}

/**
 * A: links the selection to `href` (with optional title and mentioned user); with an empty selection, changes
 * the link around the cursor. An empty `href` removes the link. False for an unsafe href (javascript: and such).
 */
export function setLink(
  href: string | null,
  extra: { title?: string | null; userId?: string | null } = {},
): Command {
  return (state, dispatch) => {
    const type = state.schema.marks.link!;
    if (href && !isSafeHref(href)) return false;
    let { from, to } = state.selection;
    if (state.selection.empty) {
      const range = linkRangeAt(state);
      if (!range) return false;
      ({ from, to } = range);
    }
    if (dispatch) {
      const tr = state.tr.removeMark(from, to, type);
      if (href)
        tr.addMark(from, to, type.create({ href, title: extra.title ?? null, userId: extra.userId ?? null }));
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** A: removes links from the selection (or the link around the cursor). */
export const removeLink: Command = (state, dispatch) => {
  if (!state.selection.empty && !isMarkActive(state, state.schema.marks.link!)) return false;
  return setLink(null)(state, dispatch);
};

// ---------------------------------------------------------------------------------------------------------
// Key commands (Enter, Backspace, Delete)
// ---------------------------------------------------------------------------------------------------------

const cursorOf = (state: EditorState) =>
  state.selection instanceof TextSelection ? state.selection.$cursor : null;

const currentBlockIndex = (state: EditorState): number =>
  blockIndexAt(blocksOf(state.doc), state.selection.$from.pos);

/** Enter/Backspace on an empty list item, Backspace at a list item's start: it leaves the list as a paragraph. */
export const liftListItem: Command = (state, dispatch) => {
  const $cursor = cursorOf(state);
  if ($cursor?.parent.type.name !== 'list_item') return false;
  if (dispatch) {
    const index = currentBlockIndex(state);
    dispatch(keepingSelection(state.tr, (tr) => unlist(tr, [index])).scrollIntoView());
  }
  return true;
};

/** Enter in an empty list item ends the list (the item becomes a paragraph). */
export const enterInEmptyListItem: Command = (state, dispatch) => {
  const $cursor = cursorOf(state);
  if ($cursor?.parent.type.name !== 'list_item' || $cursor.parent.content.size) return false;
  return liftListItem(state, dispatch);
};

/** Backspace at the start of a list item lifts it out of the list. */
export const backspaceAtListItemStart: Command = (state, dispatch) => {
  const $cursor = cursorOf(state);
  if ($cursor?.parent.type.name !== 'list_item' || $cursor.parentOffset > 0) return false;
  return liftListItem(state, dispatch);
};

const RESETTABLE = new Set([
  'heading',
  'blockquote',
  'pullquote',
  'section_caption',
  'cover_title',
  'code_block',
]);

/** Backspace at the start of a heading, quote, caption or code block turns it into a paragraph first. */
export const backspaceAtBlockStart: Command = (state, dispatch) => {
  const $cursor = cursorOf(state);
  if (!$cursor || $cursor.parentOffset > 0 || !RESETTABLE.has($cursor.parent.type.name)) return false;
  return setParagraph(state, dispatch);
};

/** Enter in an empty heading, quote or caption turns it into a paragraph. */
export const enterInEmptyBlock: Command = (state, dispatch) => {
  const $cursor = cursorOf(state);
  if (!$cursor || $cursor.parent.content.size) return false;
  const name = $cursor.parent.type.name;
  if (!RESETTABLE.has(name) || name === 'code_block') return false;
  return setParagraph(state, dispatch);
};

/** Enter in a code block: a newline, except that Enter on a third empty line at the end leaves the block. */
export const enterInCodeBlock: Command = (state, dispatch) => {
  const { $head, $anchor } = state.selection;
  if (!$head.parent.type.spec.code || !$head.sameParent($anchor)) return false;
  const text = $head.parent.textContent;
  const atEnd = $head.parentOffset === $head.parent.content.size;
  if (dispatch) {
    if (atEnd && state.selection.empty && text.endsWith('\n\n')) {
      const tr = state.tr.delete($head.pos - 2, $head.pos);
      const after = tr.mapping.map($head.after());
      tr.insert(after, state.schema.nodes.paragraph!.create());
      dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
    } else {
      dispatch(state.tr.insertText('\n').scrollIntoView());
    }
  }
  return true;
};

/** Enter in an image caption starts a paragraph below the image instead of splitting it. */
export const enterInImageCaption: Command = (state, dispatch) => {
  const image = selectedImage(state);
  if (!image) return false;
  if (dispatch) {
    const after = image.pos + image.node.nodeSize;
    const tr = state.tr.insert(after, state.schema.nodes.paragraph!.create());
    dispatch(tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView());
  }
  return true;
};

/** Backspace at the start of an image caption selects the image (a second Backspace deletes it). */
export const backspaceAtCaptionStart: Command = (state, dispatch) => {
  const $cursor = cursorOf(state);
  if ($cursor?.parent.type.name !== 'image' || $cursor.parentOffset > 0) return false;
  if (dispatch) dispatch(state.tr.setSelection(NodeSelection.create(state.doc, $cursor.before())));
  return true;
};

/**
 * Backspace at the start of a block right after an image selects the image rather than merging the block into
 * its caption (an empty paragraph there is removed).
 */
export const backspaceAfterImage: Command = (state, dispatch) => {
  const $cursor = cursorOf(state);
  if (!$cursor || $cursor.parentOffset > 0 || $cursor.depth !== 1) return false;
  const before = state.doc.resolve($cursor.before()).nodeBefore;
  if (before?.type.name !== 'image') return false;
  if (dispatch) {
    const tr = state.tr;
    if ($cursor.parent.type.name === 'paragraph' && !$cursor.parent.content.size) {
      tr.delete($cursor.before(), $cursor.after());
    }
    const imagePos = $cursor.before() - before.nodeSize;
    dispatch(tr.setSelection(NodeSelection.create(tr.doc, imagePos)).scrollIntoView());
  }
  return true;
};

/** Delete at the end of a block before an image selects the image; at a caption's end it does nothing. */
export const deleteBeforeImage: Command = (state, dispatch) => {
  const $cursor = cursorOf(state);
  if (!$cursor || $cursor.parentOffset < $cursor.parent.content.size) return false;
  if ($cursor.parent.type.name === 'image') return true;
  if ($cursor.depth !== 1) return false;
  const after = $cursor.after();
  if (state.doc.nodeAt(after)?.type.name !== 'image') return false;
  if (dispatch) dispatch(state.tr.setSelection(NodeSelection.create(state.doc, after)).scrollIntoView());
  return true;
};

/** Shift-Enter: a line break ('\n' in the stored text) where the block allows one; swallowed in the title. */
export const insertHardBreak: Command = (state, dispatch) => {
  const { $from } = state.selection;
  const br = state.schema.nodes.hard_break!;
  if ($from.parent.type.name === 'title') return true;
  if (!$from.parent.type.contentMatch.matchType(br)) return false;
  if (dispatch) dispatch(state.tr.replaceSelectionWith(br.create()).scrollIntoView());
  return true;
};

/** Tab in a code block inserts two spaces. */
export const indentInCode: Command = (state, dispatch) => {
  if (!state.selection.$head.parent.type.spec.code) return false;
  if (dispatch) dispatch(state.tr.insertText('  ').scrollIntoView());
  return true;
};
