import { embedSrcFor } from '@quire/domain';
import { insertHorizontalRule, insertIframe, toggleCodeBlock } from '@quire/editor';
import { CloseIcon, PlusIcon } from '@quire/ui';
import type { Command } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { type FormEvent, type RefObject, useEffect, useState } from 'react';
import { useEditorStore } from './store';
import { uploadDeps } from './uploads';
import { blockInsertPos, startImageUploads } from './view/upload';

/** The insert menu on an empty line: an image, an embed, a divider or a code block. */
export function InsertMenu(props: {
  top: number;
  /** Runs a command on the editor and gives it the focus back. */
  run(command: Command): void;
  focusEditor(): void;
  /** Opens the file picker for images. */
  pickImages(): void;
}) {
  const { run } = props;
  const mode = useEditorStore((s) => s.insertMode);
  const setMode = useEditorStore((s) => s.setInsertMode);
  const [embedUrl, setEmbedUrl] = useState('');
  const [embedError, setEmbedError] = useState<string | null>(null);
  // A menu that moved away takes its half-typed embed field with it.
  useEffect(() => () => setMode('closed'), [setMode]);

  /** A block from the menu: the menu closes, then the block goes in at the cursor. */
  const insertBlock = (command: Command) => {
    setMode('closed');
    run(command);
  };

  const submitEmbed = (e: FormEvent) => {
    e.preventDefault();
    const source = embedSrcFor(embedUrl);
    if (!source) {
      setEmbedError(
        'This link can’t be embedded. Try a YouTube, Vimeo, Gist, CodePen, SoundCloud, Spotify, X, Loom or Figma link.',
      );
      return;
    }
    setEmbedError(null);
    setEmbedUrl('');
    setMode('closed');
    run(insertIframe({ src: source.src, width: source.width, height: source.height }));
  };

  return (
    <div className="e-insert" data-testid="insert-menu" style={{ top: props.top }}>
      <button
        type="button"
        className="e-insert-toggle"
        aria-label="Add an image, embed, divider or code block"
        aria-expanded={mode !== 'closed'}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setMode(mode === 'closed' ? 'open' : 'closed')}
      >
        {mode === 'closed' ? <PlusIcon size={20} /> : <CloseIcon size={20} />}
      </button>
      {mode === 'open' ? (
        <div
          className="e-insert-items"
          role="menu"
          aria-label="Insert"
          onMouseDown={(e) => e.preventDefault()}
        >
          {[
            { label: 'Image', name: 'Add an image', pick: props.pickImages },
            { label: 'Embed', name: 'Add an embed', pick: () => setMode('embed') },
            { label: 'Divider', name: 'Add a divider', pick: () => insertBlock(insertHorizontalRule) },
            { label: 'Code', name: 'Add a code block', pick: () => insertBlock(toggleCodeBlock()) },
          ].map((item) => (
            <button key={item.label} type="button" role="menuitem" aria-label={item.name} onClick={item.pick}>
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
      {mode === 'embed' ? (
        <form className="e-embed-form" onSubmit={submitEmbed}>
          <input
            // biome-ignore lint/a11y/noAutofocus: the embed field opens on the writer's request
            autoFocus
            aria-label="Embed link"
            placeholder="Paste a link to embed and press Enter"
            value={embedUrl}
            onChange={(e) => setEmbedUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setMode('closed');
                props.focusEditor();
              }
            }}
          />
          {embedError ? (
            <p className="e-error" role="alert">
              {embedError}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

/** The hidden file input behind 'Add an image': the picked images upload into the story at the cursor. */
export function ImageInput(props: {
  inputRef: RefObject<HTMLInputElement | null>;
  viewRef: RefObject<EditorView | null>;
}) {
  const insertImages = (files: FileList | null) => {
    const view = props.viewRef.current;
    const images = Array.from(files ?? []).filter((f) => f.type.startsWith('image/'));
    if (!view || !images.length) return;
    useEditorStore.getState().setInsertMode('closed');
    const at = blockInsertPos(
      view.state.doc,
      Math.max(view.state.selection.from, view.state.doc.firstChild!.nodeSize),
    );
    startImageUploads(view, images, at, uploadDeps);
    view.focus();
  };
  return (
    <input
      ref={props.inputRef}
      type="file"
      accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
      multiple
      hidden
      data-testid="image-input"
      onChange={(e) => {
        insertImages(e.target.files);
        e.target.value = '';
      }}
    />
  );
}
