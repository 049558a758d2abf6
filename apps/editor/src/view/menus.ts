import type { MarkType } from 'prosemirror-model';
import { type EditorState, Plugin, TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** Which formatting the selection has, for the toolbar's pressed buttons. */
export interface ActiveFormats {
  strong: boolean;
  em: boolean;
  link: boolean;
  bigHeading: boolean;
  smallHeading: boolean;
  quote: boolean;
}

/** Where the floating menus are, relative to the editor's container; null when hidden. */
export interface MenuState {
  /** `below`: under the selection, when there is no room above it (under the sticky top bar). */
  toolbar: { top: number; left: number; below: boolean; active: ActiveFormats } | null;
  insert: { top: number } | null;
  /** The alt text field of the image whose caption has the cursor: the image's position and its alt. */
  image: { top: number; pos: number; alt: string } | null;
}

export const noMenus: MenuState = { toolbar: null, insert: null, image: null };

/** The toolbar goes under the selection when the selection is closer than this to the top of the window. */
const TOOLBAR_ROOM_PX = 57 + 56;

const hasMark = (state: EditorState, type: MarkType | undefined) =>
  !!type && state.doc.rangeHasMark(state.selection.from, state.selection.to, type);

function activeFormats(state: EditorState): ActiveFormats {
  const { $from } = state.selection;
  const parent = $from.parent;
  const marks = state.schema.marks;
  return {
    strong: hasMark(state, marks.strong),
    em: hasMark(state, marks.em),
    link: hasMark(state, marks.link),
    bigHeading: parent.type.name === 'heading' && parent.attrs.level === 3,
    smallHeading: parent.type.name === 'heading' && parent.attrs.level === 4,
    quote: parent.type.name === 'blockquote' || parent.type.name === 'pullquote',
  };
}

/** The alt text field over an uploaded image while the cursor is in its caption. */
function imageField(view: EditorView, container: HTMLElement): MenuState['image'] {
  const { $from } = view.state.selection;
  const image = $from.parent;
  if (image.type.name !== 'image' || !image.attrs.id) return null;
  const pos = $from.before();
  const figure = view.nodeDOM(pos);
  if (!(figure instanceof HTMLElement)) return null;
  const top = figure.getBoundingClientRect().top - container.getBoundingClientRect().top;
  return { top, pos, alt: String(image.attrs.alt ?? '') };
}

/**
 * The menus for a state: the toolbar over a text selection in the body, the insert menu on an empty line, the
 * alt text field over an image whose caption is being written.
 */
export function menusFor(view: EditorView, container: HTMLElement): MenuState {
  const image = view.state.selection instanceof TextSelection ? imageField(view, container) : null;
  return { ...barsFor(view, container), image };
}

function barsFor(view: EditorView, container: HTMLElement): MenuState {
  const { state } = view;
  const sel = state.selection;
  const bodyStart = state.doc.firstChild?.nodeSize ?? 0;
  if (!(sel instanceof TextSelection) || sel.from < bodyStart) return noMenus;
  if (!sel.empty) {
    if (sel.$from.parent.type.spec.code || sel.$to.parent.type.spec.code) return noMenus;
    const start = view.coordsAtPos(sel.from);
    const end = view.coordsAtPos(sel.to, -1);
    const box = container.getBoundingClientRect();
    const left = start.top === end.top ? (start.left + end.left) / 2 : start.left + 80;
    const top = Math.min(start.top, end.top);
    const below = top < TOOLBAR_ROOM_PX;
    return {
      toolbar: {
        top: (below ? Math.max(start.bottom, end.bottom) : top) - box.top,
        left: left - box.left,
        below,
        active: activeFormats(state),
      },
      insert: null,
      image: null,
    };
  }
  const parent = sel.$from.parent;
  if (parent.type.name === 'paragraph' && parent.content.size === 0 && sel.$from.depth === 1) {
    const at = view.coordsAtPos(sel.from);
    const box = container.getBoundingClientRect();
    return { toolbar: null, insert: { top: at.top - box.top }, image: null };
  }
  return noMenus;
}

const same = (a: MenuState, b: MenuState) => JSON.stringify(a) === JSON.stringify(b);

/** Tells React where the floating menus go, only when that changes (plain typing re-renders nothing). */
export function menuPlugin(
  container: () => HTMLElement | null,
  onChange: (menus: MenuState) => void,
): Plugin {
  let last = noMenus;
  const refresh = (view: EditorView) => {
    const box = container();
    const next = box ? menusFor(view, box) : noMenus;
    if (same(next, last)) return;
    last = next;
    onChange(next);
  };
  return new Plugin({
    view: (view) => {
      // Layout moves under the menus when the window resizes or an image loads.
      const onResize = () => refresh(view);
      window.addEventListener('resize', onResize);
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
      observer?.observe(view.dom);
      return {
        update(view, prev) {
          if (view.state.selection.eq(prev.selection) && view.state.doc === prev.doc) return;
          refresh(view);
        },
        destroy: () => {
          window.removeEventListener('resize', onResize);
          observer?.disconnect();
        },
      };
    },
  });
}
