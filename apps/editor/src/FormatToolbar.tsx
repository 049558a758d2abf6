import {
  cycleQuote,
  linkRangeAt,
  removeLink,
  setLink,
  toggleBigHeading,
  toggleEm,
  toggleSmallHeading,
  toggleStrong,
} from '@quire/editor';
import type { Command } from 'prosemirror-state';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { normalizeHref } from './links';
import { useEditorStore } from './store';
import type { MenuState } from './view/menus';

/** Mod-k: the toolbar's link field over a selection; with just a cursor in a link, it unlinks. */
export const openLinkField: Command = (state, dispatch) => {
  if (state.selection.empty) return removeLink(state, dispatch);
  const existing = linkRangeAt(state);
  if (dispatch) useEditorStore.getState().setLinkDraft(existing ? String(existing.attrs.href ?? '') : '');
  return true;
};

/** The floating toolbar over a selection: bold, italic, link (with its field), headings and quote. */
export function FormatToolbar(props: {
  at: NonNullable<MenuState['toolbar']>;
  /** Runs a command on the editor and gives it the focus back. */
  run(command: Command): void;
  focusEditor(): void;
}) {
  const { at, run } = props;
  const link = useEditorStore((s) => s.linkDraft);
  const setLinkDraft = useEditorStore((s) => s.setLinkDraft);
  // A toolbar that moved away takes its half-typed link with it.
  useEffect(() => () => setLinkDraft(null), [setLinkDraft]);

  const submitLink = (e: FormEvent) => {
    e.preventDefault();
    const href = normalizeHref(link ?? '');
    setLinkDraft(null);
    run(href ? setLink(href) : removeLink);
  };

  return (
    <div
      className={at.below ? 'e-toolbar e-toolbar-below' : 'e-toolbar'}
      role="toolbar"
      aria-label="Format"
      data-testid="format-toolbar"
      style={{ top: at.top, left: at.left }}
      onMouseDown={(e) => {
        if (!(e.target instanceof HTMLInputElement)) e.preventDefault();
      }}
    >
      {link !== null ? (
        <form onSubmit={submitLink} className="e-toolbar-form">
          <input
            // biome-ignore lint/a11y/noAutofocus: the link field opens on the writer's request
            autoFocus
            aria-label="Link"
            data-testid="link-input"
            placeholder="Paste or type a link…"
            value={link}
            onChange={(e) => setLinkDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setLinkDraft(null);
                props.focusEditor();
              }
            }}
          />
        </form>
      ) : (
        <>
          <ToolButton label="Bold" active={at.active.strong} onClick={() => run(toggleStrong)}>
            <b>B</b>
          </ToolButton>
          <ToolButton label="Italic" active={at.active.em} onClick={() => run(toggleEm)}>
            <i>i</i>
          </ToolButton>
          <ToolButton
            label="Link"
            active={at.active.link}
            onClick={() => (at.active.link ? run(removeLink) : setLinkDraft(''))}
          >
            <LinkIcon />
          </ToolButton>
          <span className="e-toolbar-sep" />
          <ToolButton label="Big heading" active={at.active.bigHeading} onClick={() => run(toggleBigHeading)}>
            <b>T</b>
          </ToolButton>
          <ToolButton
            label="Small heading"
            active={at.active.smallHeading}
            onClick={() => run(toggleSmallHeading)}
          >
            <b className="e-small-t">T</b>
          </ToolButton>
          <ToolButton label="Quote" active={at.active.quote} onClick={() => run(cycleQuote)}>
            ”
          </ToolButton>
        </>
      )}
    </div>
  );
}

function ToolButton(props: { label: string; active: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-pressed={props.active}
      data-testid={`toolbar-${props.label.toLowerCase().replace(/\s+/g, '-')}`}
      className="e-tool"
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

function LinkIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
      <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
    </svg>
  );
}
