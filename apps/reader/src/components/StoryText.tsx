import { useSessionStore } from '@quire/client-state';
import {
  type HighlightAnchor,
  highlightTexts,
  type Markup,
  NOTE_MAX,
  noteTexts,
  type Paragraph,
} from '@quire/domain';
import { buttonClass, PostBody } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Kept } from '../lib/kept';
import { failureMessage, openSignUp, toast } from '../lib/social';
import { useTRPC, useTRPCClient } from '../trpc';

/** A passage the reader selected, where its toolbar goes, and the highlight of theirs it touches. */
interface Selected {
  anchor: HighlightAnchor;
  top: number;
  left: number;
  overlaps: string | null;
}

/** The paragraph element (an id'd child of the story body, or a list item) that holds `node`. */
function paragraphOf(body: Element, node: Node): Element | null {
  const element = node instanceof Element ? node : node.parentElement;
  const found = element?.closest('[id]');
  return found && body.contains(found) && found !== body ? found : null;
}

/**
 * The reader's selection as a span of one paragraph (its name and offsets into its text), or null when nothing,
 * or more than one paragraph, is selected. The offsets count the text as the paragraph renders it, which is
 * the paragraph's text.
 */
function readSelection(
  container: HTMLElement,
  mine: readonly (HighlightAnchor & { id: string })[],
): Selected | null {
  const selection = window.getSelection();
  const body = container.querySelector('.q-post-body');
  if (!body || !selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const paragraph = paragraphOf(body, range.startContainer);
  if (!paragraph || paragraph !== paragraphOf(body, range.endContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(paragraph);
  before.setEnd(range.startContainer, range.startOffset);
  const startOffset = before.toString().length;
  const endOffset = startOffset + range.toString().length;
  if (!range.toString().trim()) return null;
  const rect = range.getBoundingClientRect();
  const box = container.getBoundingClientRect();
  const anchor = { paragraphName: paragraph.id, startOffset, endOffset };
  const overlap = mine.find(
    (h) => h.paragraphName === anchor.paragraphName && h.startOffset < endOffset && startOffset < h.endOffset,
  );
  return {
    anchor,
    top: rect.top - box.top,
    left: rect.left - box.left + rect.width / 2,
    overlaps: overlap?.id ?? null,
  };
}

/**
 * A story's text with its highlights (spec §1): the reader's own marked, the top highlight labelled, and a
 * toolbar over a selected passage to highlight it (or take a highlight of theirs off). Visitors are asked to
 * sign up. The highlights load after the page, so the first render is the server's.
 */
export function StoryText({ postId, paragraphs }: { postId: string; paragraphs: readonly Paragraph[] }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  const options = trpc.highlights.ofStory.queryOptions({ postId });
  const highlights = useQuery(options);
  const ref = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [busy, setBusy] = useState(false);
  // While a private note is being written its passage stays chosen, whatever is clicked.
  const [noting, setNoting] = useState(false);
  const notingRef = useRef(false);
  notingRef.current = noting;
  const mine = highlights.data?.mine ?? [];
  const top = highlights.data?.top ?? null;

  useEffect(() => {
    // After the selection settles (a drag ends, a key moves it), show or hide the toolbar.
    const settle = () =>
      requestAnimationFrame(() => {
        if (ref.current && !notingRef.current)
          setSelected(readSelection(ref.current, highlights.data?.mine ?? []));
      });
    document.addEventListener('mouseup', settle);
    document.addEventListener('keyup', settle);
    return () => {
      document.removeEventListener('mouseup', settle);
      document.removeEventListener('keyup', settle);
    };
  }, [highlights.data]);

  const act = async (work: () => Promise<string>) => {
    if (!signedIn) return openSignUp();
    setBusy(true);
    try {
      toast(await work());
      window.getSelection()?.removeAllRanges();
      setSelected(null);
      setNoting(false);
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    } finally {
      setBusy(false);
    }
  };

  const marks: Record<string, Markup[]> = {};
  const mark = (name: string, markup: Markup) => {
    marks[name] = [...(marks[name] ?? []), markup];
  };
  // QUOTE draws the reader's own highlights, COMMENT the story's top one (render-only, never stored).
  if (top) mark(top.paragraphName, { type: 'COMMENT', start: top.startOffset, end: top.endOffset });
  for (const h of mine) mark(h.paragraphName, { type: 'QUOTE', start: h.startOffset, end: h.endOffset });
  const labels = top ? { [top.paragraphName]: highlightTexts.topHighlight } : undefined;

  return (
    <div ref={ref} className="q-story-text">
      {/* Without marks the text is its sole object prop: a kept story's frozen text has its part's key remembered. */}
      <Kept
        name="story-text"
        of={PostBody}
        props={{ paragraphs, marks: Object.keys(marks).length ? marks : undefined, labels }}
      />
      {selected && noting ? (
        <NoteForm
          at={selected}
          busy={busy}
          onCancel={() => {
            setNoting(false);
            setSelected(null);
          }}
          onSend={(content) =>
            void act(async () => {
              await client.notes.create.mutate({ postId, ...selected.anchor, content });
              return noteTexts.sent;
            })
          }
        />
      ) : selected ? (
        <div
          className="q-highlight-toolbar"
          role="toolbar"
          aria-label={highlightTexts.highlight}
          style={{ top: selected.top, left: insideColumn(selected.left, 140) }}
          data-testid="highlight-toolbar"
        >
          <ToolbarButton
            busy={busy}
            label={highlightTexts.highlight}
            onClick={() =>
              void act(async () => {
                await client.highlights.create.mutate({ postId, ...selected.anchor });
                return highlightTexts.highlighted;
              })
            }
          />
          {selected.overlaps ? (
            <ToolbarButton
              busy={busy}
              label={highlightTexts.removeHighlight}
              onClick={() =>
                void act(async () => {
                  await client.highlights.remove.mutate({ highlightId: selected.overlaps! });
                  return highlightTexts.removed;
                })
              }
            />
          ) : null}
          {highlights.data?.canLeaveNote ? (
            <ToolbarButton busy={busy} label={noteTexts.privateNote} onClick={() => setNoting(true)} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A centred box's left edge over `left`, kept `half` px inside the text's column so it never overflows a phone. */
const insideColumn = (left: number, half: number) =>
  `clamp(min(${half}px, 50%), ${left}px, max(calc(100% - ${half}px), 50%))`;

/** A toolbar button that keeps the reader's selection while it is pressed. */
function ToolbarButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  return (
    <button type="button" disabled={busy} onMouseDown={(e) => e.preventDefault()} onClick={onClick}>
      {label}
    </button>
  );
}

/** The private note's form, where the toolbar was: the passage it is about, the note, Send and Cancel. */
function NoteForm({
  at,
  busy,
  onSend,
  onCancel,
}: {
  at: Selected;
  busy: boolean;
  onSend: (content: string) => void;
  onCancel: () => void;
}) {
  const [content, setContent] = useState('');
  return (
    <form
      className="q-note-form"
      style={{ top: at.top, left: insideColumn(at.left, 160) }}
      data-testid="note-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (content.trim()) onSend(content);
      }}
    >
      <label className="q-field">
        <span className="q-visually-hidden">{noteTexts.privateNote}</span>
        <textarea
          value={content}
          maxLength={NOTE_MAX}
          placeholder={noteTexts.placeholder}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the reader's click to write in it
          autoFocus
          onChange={(e) => setContent(e.target.value)}
        />
      </label>
      <div className="q-new-list-actions">
        <button type="button" className={buttonClass('outline', 's')} onClick={onCancel}>
          {noteTexts.cancel}
        </button>
        <button type="submit" className={buttonClass('dark', 's')} disabled={busy || !content.trim()}>
          {noteTexts.send}
        </button>
      </div>
    </form>
  );
}
