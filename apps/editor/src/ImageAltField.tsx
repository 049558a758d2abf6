import type { EditorView } from 'prosemirror-view';
import { type RefObject, useId, useState } from 'react';
import type { MenuState } from './view/menus';

/** Paragraph model's limit for an image's alt text (spec §3 image metadata). */
const ALT_MAX = 1000;

/**
 * Asks for an image's alt text while its caption is being written: what a screen reader says in place of the
 * picture, saved on the image as it is typed (the reader renders it as the image's alt).
 */
export function ImageAltField({
  at,
  viewRef,
}: {
  at: NonNullable<MenuState['image']>;
  viewRef: RefObject<EditorView | null>;
}) {
  const id = useId();
  const [alt, setAlt] = useState(at.alt);
  const save = (value: string) => {
    setAlt(value);
    const view = viewRef.current;
    const node = view?.state.doc.nodeAt(at.pos);
    if (!view || node?.type.name !== 'image') return;
    view.dispatch(
      view.state.tr.setNodeMarkup(at.pos, undefined, { ...node.attrs, alt: value.trim() || null }),
    );
  };
  return (
    <div className="e-alt" data-testid="image-alt" style={{ top: at.top }}>
      <label htmlFor={id}>Alt text</label>
      <input
        id={id}
        value={alt}
        maxLength={ALT_MAX}
        placeholder="Describe the image for readers who can’t see it"
        onChange={(e) => save(e.target.value)}
      />
    </div>
  );
}
