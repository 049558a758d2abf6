import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, TextSelection, type Transaction } from 'prosemirror-state';
import { insertPoint } from 'prosemirror-transform';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import type { UploadedImage } from '../api';

/** What the upload plugin needs from the app: the upload call and where progress and errors go. */
export interface UploadDeps {
  upload(file: File, onProgress: (fraction: number) => void): Promise<UploadedImage>;
  onStart(id: string, name: string): void;
  onProgress(id: string, fraction: number): void;
  onEnd(id: string, error: string | null): void;
}

type Action = { add: { id: string; pos: number } } | { remove: { id: string } };

const uploadKey = new PluginKey<DecorationSet>('quireImageUploads');
const bars = new Map<string, HTMLElement>();
let counter = 0;

const isImage = (file: File) => file.type.startsWith('image/');

/** The image files of a paste or drop, if any. */
export function imageFiles(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files).filter(isImage) : [];
}

function placeholder(id: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'e-upload';
  box.setAttribute('data-testid', 'upload-progress');
  box.setAttribute('role', 'progressbar');
  box.setAttribute('aria-label', 'Uploading image');
  const bar = document.createElement('div');
  bar.className = 'e-upload-bar';
  bar.style.width = '0%';
  box.append(bar);
  bars.set(id, bar);
  return box;
}

function findPlaceholder(view: EditorView, id: string): number | null {
  const set = uploadKey.getState(view.state);
  const found = set?.find(undefined, undefined, (spec) => spec.uploadId === id);
  return found?.[0]?.from ?? null;
}

/** Where a block inserted at the cursor goes: in place of an empty paragraph, else after the current block. */
export function blockInsertPos(doc: PMNode, pos: number): number {
  const $pos = doc.resolve(pos);
  if ($pos.depth === 0) return pos;
  const block = $pos.node(1);
  if (block.type.name === 'paragraph' && block.content.size === 0) return $pos.start(1);
  return $pos.after(1);
}

/**
 * Inserts `node` at `pos` (in place of the empty paragraph there, else after the block holding `pos`); with
 * `moveCursor`, the cursor goes to the paragraph below it (one is added when none follows).
 */
export function insertBlockAt(tr: Transaction, pos: number, node: PMNode, moveCursor: boolean): Transaction {
  const schema = tr.doc.type.schema;
  const $pos = tr.doc.resolve(Math.min(pos, tr.doc.content.size));
  const top = $pos.depth >= 1 ? $pos.node(1) : null;
  let at: number;
  if (top && top.type === schema.nodes.paragraph && top.content.size === 0) {
    at = $pos.before(1);
    tr.replaceWith(at, $pos.after(1), node);
  } else {
    at = insertPoint(tr.doc, $pos.depth >= 1 ? $pos.after(1) : pos, node.type) ?? tr.doc.content.size;
    tr.insert(at, node);
  }
  const after = at + node.nodeSize;
  const next = tr.doc.resolve(after).nodeAfter;
  if (!next?.isTextblock || next.type === schema.nodes.image) {
    tr.insert(after, schema.nodes.paragraph!.create());
  }
  if (moveCursor) tr.setSelection(TextSelection.near(tr.doc.resolve(after + 1))).scrollIntoView();
  return tr;
}

/** Uploads `files` to /_/upload and inserts an image for each at `pos`, with a progress bar in its place meanwhile. */
export function startImageUploads(view: EditorView, files: File[], pos: number, deps: UploadDeps) {
  for (const file of files) {
    const id = `u${++counter}`;
    view.dispatch(view.state.tr.setMeta(uploadKey, { add: { id, pos } } satisfies Action));
    deps.onStart(id, file.name);
    deps
      .upload(file, (fraction) => {
        const bar = bars.get(id);
        if (bar) bar.style.width = `${Math.round(fraction * 100)}%`;
        deps.onProgress(id, fraction);
      })
      .then(
        (image) => {
          const at = findPlaceholder(view, id);
          const tr = view.state.tr.setMeta(uploadKey, { remove: { id } } satisfies Action);
          if (at !== null) {
            const node = view.state.schema.nodes.image!.create({
              id: image.id,
              width: image.width,
              height: image.height,
            });
            // Follow the image with the cursor only if the writer is still where it was dropped.
            const sel = view.state.selection;
            const $at = view.state.doc.resolve(at);
            const top = sel.$from.depth >= 1 ? sel.$from.before(1) : -1;
            const stillThere =
              sel.empty &&
              top >= 0 &&
              (($at.depth >= 1 && top === $at.before(1)) || (sel.$from.after(1) === at && $at.depth === 0));
            insertBlockAt(tr, at, node, stillThere);
          }
          view.dispatch(tr);
          deps.onEnd(id, null);
        },
        (error: unknown) => {
          view.dispatch(view.state.tr.setMeta(uploadKey, { remove: { id } } satisfies Action));
          deps.onEnd(id, error instanceof Error ? error.message : 'The image could not be uploaded.');
        },
      )
      .finally(() => bars.delete(id));
  }
}

/** Image uploads by paste and drag-and-drop, with a placeholder and progress bar where each image will go. */
export function imageUploadPlugin(deps: UploadDeps): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key: uploadKey,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        let next = set.map(tr.mapping, tr.doc);
        const action = tr.getMeta(uploadKey) as Action | undefined;
        if (action && 'add' in action) {
          const widget = Decoration.widget(action.add.pos, () => placeholder(action.add.id), {
            uploadId: action.add.id,
            side: -1,
          });
          next = next.add(tr.doc, [widget]);
        } else if (action && 'remove' in action) {
          next = next.remove(next.find(undefined, undefined, (spec) => spec.uploadId === action.remove.id));
        }
        return next;
      },
    },
    props: {
      decorations: (state) => uploadKey.getState(state),
      handlePaste(view, event) {
        const files = imageFiles(event.clipboardData);
        if (!files.length || view.state.selection.$from.parent.type.name === 'title') return false;
        event.preventDefault();
        startImageUploads(view, files, blockInsertPos(view.state.doc, view.state.selection.from), deps);
        return true;
      },
      handleDrop(view, event, _slice, moved) {
        const files = imageFiles((event as DragEvent).dataTransfer);
        if (moved || !files.length) return false;
        const hit = view.posAtCoords({ left: event.clientX, top: event.clientY });
        event.preventDefault();
        const bodyStart = view.state.doc.firstChild!.nodeSize;
        const pos = hit
          ? blockInsertPos(view.state.doc, Math.max(hit.pos, bodyStart))
          : view.state.doc.content.size;
        startImageUploads(view, files, pos, deps);
        return true;
      },
    },
  });
}
