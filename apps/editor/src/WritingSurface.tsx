import { embedSrcFor, postStateLabel } from '@quire/domain';
import {
  contentFromDoc,
  cycleQuote,
  docFromContent,
  editorPlugins,
  insertHorizontalRule,
  insertIframe,
  linkRangeAt,
  removeLink,
  schema,
  setLink,
  titleFromDoc,
  toggleBigHeading,
  toggleCodeBlock,
  toggleEm,
  toggleSmallHeading,
  toggleStrong,
} from '@quire/editor';
import { DOMSerializer } from 'prosemirror-model';
import { type Command, EditorState, Plugin, TextSelection } from 'prosemirror-state';
import { Decoration, DecorationSet, EditorView } from 'prosemirror-view';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { markUnloading, type EditorState as PostState, trpc, uploadImage } from './api';
import { localBackups } from './backup';
import { DraftSession, type DraftText } from './draft-session';
import { EditorFrame } from './EditorShell';
import { normalizeHref } from './links';
import { type DraftPreview, PublishDialog } from './PublishDialog';
import { useEditorStore } from './store';
import { plainText, sameText } from './text';
import { type MenuState, menuPlugin, noMenus } from './view/menus';
import { keystrokeTimingPlugin } from './view/perf';
import { blockInsertPos, imageUploadPlugin, startImageUploads, type UploadDeps } from './view/upload';

const draftOf = (state: EditorState): DraftText => ({
  title: titleFromDoc(state.doc),
  content: contentFromDoc(state.doc),
});

/** Marks the title line for tests and assistive tech (the schema's title node has no test id of its own). */
function titleMarkerPlugin(): Plugin {
  let title: EditorState['doc'] | null = null;
  let set = DecorationSet.empty;
  return new Plugin({
    props: {
      decorations(state) {
        const first = state.doc.firstChild;
        if (!first) return null;
        if (first !== title) {
          title = first;
          set = DecorationSet.create(state.doc, [
            Decoration.node(0, first.nodeSize, { 'data-testid': 'editor-title', 'aria-label': 'Title' }),
          ]);
        }
        return set;
      },
    },
  });
}

/** What a story looks like for the publish dialog's previews. */
function previewOf(state: EditorState): DraftPreview {
  const { title, content } = draftOf(state);
  const firstText = content.paragraphs.find((p) => (p.type === 'P' || p.type === 'BQ') && p.text.trim());
  const imageIds = content.paragraphs.flatMap((p) => (p.type === 'IMG' && p.metadata ? [p.metadata.id] : []));
  return { title, excerpt: (firstText?.text ?? '').slice(0, 140), imageIds };
}

async function copyDraft(view: EditorView) {
  const text = draftOf(view.state);
  const plain = plainText(text);
  try {
    const box = document.createElement('div');
    box.append(DOMSerializer.fromSchema(view.state.schema).serializeFragment(view.state.doc.content));
    const item = new ClipboardItem({
      'text/plain': new Blob([plain], { type: 'text/plain' }),
      'text/html': new Blob([box.innerHTML], { type: 'text/html' }),
    });
    await navigator.clipboard.write([item]);
  } catch {
    await navigator.clipboard.writeText(plain);
  }
}

/** The session's local backup when it makes a valid document of the schema (a damaged one is ignored). */
function validBackup(session: DraftSession): (DraftText & { stale: boolean }) | null {
  const backup = session.restorable();
  if (!backup || typeof backup.title !== 'string') return null;
  try {
    docFromContent(schema, backup.content, backup.title).check();
    return backup;
  } catch {
    return null;
  }
}

type InsertMode = 'closed' | 'open' | 'embed';

/**
 * The writing surface: the ProseMirror view of the title and body, its floating toolbar and insert menu, image
 * uploads, autosave through DraftSession with a local backup, and the publish dialog.
 */
export function WritingSurface({ post, openSettings }: { post: PostState; openSettings: boolean }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const sessionRef = useRef<DraftSession | null>(null);
  const pushRef = useRef<() => void>(() => {});
  const [menus, setMenus] = useState<MenuState>(noMenus);
  const [link, setLinkDraft] = useState<string | null>(null);
  const [insert, setInsert] = useState<InsertMode>('closed');
  const [embedUrl, setEmbedUrl] = useState('');
  const [embedError, setEmbedError] = useState<string | null>(null);
  const [offer, setOffer] = useState<DraftText | null>(null);
  const [copied, setCopied] = useState(false);
  const [label, setLabel] = useState(() =>
    postStateLabel({
      isPublished: post.status !== 'DRAFT',
      statusForCollection: post.statusForCollection,
      pendingCollectionName: post.pendingCollection?.name ?? null,
      viewerIsEditorOrAuthor: true,
      viewerIsAuthor: true,
    }),
  );
  const saveStatus = useEditorStore((s) => s.saveStatus);
  const conflictMessage = useEditorStore((s) => s.conflictMessage);
  const notice = useEditorStore((s) => s.notice);
  const uploads = useEditorStore((s) => s.uploads);
  const publishOpen = useEditorStore((s) => s.publishOpen);

  // Mod-k: the toolbar's link field over a selection; with just a cursor in a link, it unlinks.
  const openLink: Command = useCallback((state, dispatch) => {
    if (state.selection.empty) return removeLink(state, dispatch);
    const existing = linkRangeAt(state);
    if (dispatch) setLinkDraft(existing ? String(existing.attrs.href ?? '') : '');
    return true;
  }, []);

  useEffect(() => {
    const store = useEditorStore.getState();
    store.setPublishOpen(openSettings);
    store.setNotice(null);

    let backupRev = post.latestRev;
    const session = new DraftSession(post.id, post.latestRev, {
      save: (input) => trpc.posts.save.mutate(input),
      backups: localBackups,
      onChange: (s) => {
        useEditorStore.getState().setSave(s.status, s.conflict?.message ?? null);
        // A save finished while newer text waited: back that text up again under the new base revision, so
        // a reload now restores it instead of offering it as stale.
        if (s.status === 'dirty' && s.rev !== backupRev && viewRef.current) {
          backupRev = s.rev;
          s.change(draftOf(viewRef.current.state));
        }
        // The other tab saved exactly this text: nothing to choose between.
        const conflict = s.conflict;
        const view = viewRef.current;
        if (s.status === 'conflict' && conflict && view && sameText(schema, draftOf(view.state), conflict)) {
          setTimeout(() => s.resolveWithMine(), 0);
        }
      },
    });
    sessionRef.current = session;
    store.setSave('saved', null);

    let title = post.title;
    let content = post.content;
    let restored = false;
    const backup = validBackup(session);
    if (backup && !sameText(schema, backup, { title, content })) {
      if (backup.stale) setOffer({ title: backup.title, content: backup.content });
      else {
        ({ title, content } = backup);
        restored = true;
      }
    }

    const uploadDeps: UploadDeps = {
      upload: uploadImage,
      onStart: (id, name) => useEditorStore.getState().startUpload({ id, name, fraction: 0 }),
      onProgress: (id, fraction) => useEditorStore.getState().progressUpload(id, fraction),
      onEnd: (id, error) => {
        useEditorStore.getState().endUpload(id);
        if (error) useEditorStore.getState().setNotice(error);
      },
    };

    let dirty = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // The paragraph model is built off the keystroke path: a moment after typing, and at once before leaving.
    const pushChange = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (!dirty || !viewRef.current) return;
      dirty = false;
      backupRev = session.rev;
      session.change(draftOf(viewRef.current.state));
    };
    pushRef.current = pushChange;
    const scheduleChange = () => {
      dirty = true;
      timer ??= setTimeout(pushChange, 100);
    };
    const flushNow = () => {
      pushChange();
      void session.flush();
    };

    const state = EditorState.create({
      doc: docFromContent(schema, content, title),
      plugins: [
        keystrokeTimingPlugin(),
        imageUploadPlugin(uploadDeps),
        titleMarkerPlugin(),
        menuPlugin(() => containerRef.current, setMenus),
        ...editorPlugins(schema, { onLink: openLink }),
      ],
    });
    const view = new EditorView(mountRef.current, {
      state,
      attributes: {
        class: 'e-editor',
        'data-testid': 'editor-body',
        'aria-label': 'Story',
        spellcheck: 'true',
      },
      dispatchTransaction(tr) {
        const before = view.state.doc;
        view.updateState(view.state.apply(tr));
        if (view.state.doc !== before) scheduleChange();
      },
      handleDOMEvents: {
        blur: () => {
          flushNow();
          return false;
        },
      },
    });
    viewRef.current = view;

    if (restored) {
      dirty = true;
      pushChange();
      store.setNotice('Restored your unsaved changes.');
    }
    if (!title) {
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
      view.focus();
    }

    const onLeave = () => {
      markUnloading();
      flushNow();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pagehide', onLeave);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('visibilitychange', onHidden);
      flushNow();
      view.destroy();
      viewRef.current = null;
    };
  }, [post, openSettings, openLink]);

  // A menu that moved away takes its half-typed link or embed field with it.
  const toolbarShown = menus.toolbar !== null;
  const insertShown = menus.insert !== null;
  useEffect(() => {
    if (!toolbarShown) setLinkDraft(null);
  }, [toolbarShown]);
  useEffect(() => {
    if (!insertShown) {
      setInsert('closed');
      setEmbedError(null);
    }
  }, [insertShown]);

  const run = (command: Command) => {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch, view);
    view.focus();
  };
  /** A block from the insert menu: the menu closes, then the block goes in at the cursor. */
  const insertBlock = (command: Command) => {
    setInsert('closed');
    run(command);
  };

  const submitLink = (e: FormEvent) => {
    e.preventDefault();
    const href = normalizeHref(link ?? '');
    setLinkDraft(null);
    run(href ? setLink(href) : removeLink);
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
    setInsert('closed');
    run(insertIframe({ src: source.src, width: source.width, height: source.height }));
  };

  const pickImages = (files: FileList | null) => {
    const view = viewRef.current;
    const images = Array.from(files ?? []).filter((f) => f.type.startsWith('image/'));
    if (!view || !images.length) return;
    setInsert('closed');
    const at = blockInsertPos(
      view.state.doc,
      Math.max(view.state.selection.from, view.state.doc.firstChild!.nodeSize),
    );
    startImageUploads(view, images, at, {
      upload: uploadImage,
      onStart: (id, name) => useEditorStore.getState().startUpload({ id, name, fraction: 0 }),
      onProgress: (id, fraction) => useEditorStore.getState().progressUpload(id, fraction),
      onEnd: (id, error) => {
        useEditorStore.getState().endUpload(id);
        if (error) useEditorStore.getState().setNotice(error);
      },
    });
    view.focus();
  };

  const openPublish = () => {
    pushRef.current();
    useEditorStore.getState().setPublishOpen(true);
  };

  const prepare = async (): Promise<{ baseRev: number } | { error: string }> => {
    const session = sessionRef.current!;
    pushRef.current();
    for (let i = 0; i < 3; i++) {
      await session.flush();
      if (session.status === 'saved') return { baseRev: session.rev };
      if (session.status === 'conflict')
        return { error: session.conflict?.message ?? 'This story changed elsewhere.' };
      if (session.status === 'offline') {
        return {
          error: 'You seem to be offline. Your text is kept here; publish again when you are back online.',
        };
      }
    }
    return { error: 'Your latest changes are still being saved. Try again in a moment.' };
  };

  const status =
    saveStatus === 'conflict' ? null : (
      <span className="e-status" data-testid="save-status" role="status" aria-live="polite">
        {saveStatus === 'saved' ? 'Saved' : saveStatus === 'offline' ? 'Offline' : 'Saving…'}
      </span>
    );
  const uploading = uploads.length ? (
    <span className="e-status" data-testid="upload-status">
      Uploading {uploads.length === 1 ? 'image' : `${uploads.length} images`}…{' '}
      {Math.round((uploads.reduce((sum, u) => sum + u.fraction, 0) / uploads.length) * 100)}%
    </span>
  ) : null;

  const banners = (
    <>
      {saveStatus === 'conflict' ? (
        <div className="e-banner e-banner-conflict" data-testid="save-status" role="alert">
          <span>{conflictMessage}</span>
          <button
            type="button"
            className="e-link-button"
            onClick={() => {
              const view = viewRef.current;
              if (!view) return;
              void copyDraft(view).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy my text'}
          </button>
          <button
            type="button"
            className="e-button"
            onClick={() => {
              setCopied(false);
              pushRef.current();
              sessionRef.current?.resolveWithMine();
            }}
          >
            Keep my version
          </button>
        </div>
      ) : null}
      {offer ? (
        <div className="e-banner" data-testid="restore-offer" role="alert">
          <span>This device has unsaved changes from an earlier version of this story.</span>
          <button
            type="button"
            className="e-button"
            onClick={() => {
              const view = viewRef.current;
              if (!view) return;
              const doc = docFromContent(schema, offer.content, offer.title);
              view.dispatch(view.state.tr.replaceWith(0, view.state.doc.content.size, doc.content));
              setOffer(null);
              useEditorStore.getState().setNotice('Restored your unsaved changes.');
            }}
          >
            Restore them
          </button>
          <button type="button" className="e-link-button" onClick={() => setOffer(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      {notice ? (
        <div className="e-banner" data-testid="notice" role="status">
          <span>{notice}</span>
          <button
            type="button"
            className="e-link-button"
            aria-label="Dismiss"
            onClick={() => useEditorStore.getState().setNotice(null)}
          >
            ×
          </button>
        </div>
      ) : null}
    </>
  );

  const toolbar = menus.toolbar;
  return (
    <EditorFrame
      label={label ?? undefined}
      status={
        <>
          {status}
          {uploading}
        </>
      }
      actions={
        <button type="button" className="e-publish" data-testid="publish-button" onClick={openPublish}>
          Publish
        </button>
      }
      notice={banners}
    >
      <div className="e-surface" ref={containerRef}>
        <div ref={mountRef} />
        {toolbar ? (
          <div
            className={toolbar.below ? 'e-toolbar e-toolbar-below' : 'e-toolbar'}
            role="toolbar"
            aria-label="Format"
            data-testid="format-toolbar"
            style={{ top: toolbar.top, left: toolbar.left }}
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
                      viewRef.current?.focus();
                    }
                  }}
                />
              </form>
            ) : (
              <>
                <ToolButton label="Bold" active={toolbar.active.strong} onClick={() => run(toggleStrong)}>
                  <b>B</b>
                </ToolButton>
                <ToolButton label="Italic" active={toolbar.active.em} onClick={() => run(toggleEm)}>
                  <i>i</i>
                </ToolButton>
                <ToolButton
                  label="Link"
                  active={toolbar.active.link}
                  onClick={() => (toolbar.active.link ? run(removeLink) : setLinkDraft(''))}
                >
                  <LinkIcon />
                </ToolButton>
                <span className="e-toolbar-sep" />
                <ToolButton
                  label="Big heading"
                  active={toolbar.active.bigHeading}
                  onClick={() => run(toggleBigHeading)}
                >
                  <b>T</b>
                </ToolButton>
                <ToolButton
                  label="Small heading"
                  active={toolbar.active.smallHeading}
                  onClick={() => run(toggleSmallHeading)}
                >
                  <b className="e-small-t">T</b>
                </ToolButton>
                <ToolButton label="Quote" active={toolbar.active.quote} onClick={() => run(cycleQuote)}>
                  ”
                </ToolButton>
              </>
            )}
          </div>
        ) : null}
        {menus.insert ? (
          <div className="e-insert" data-testid="insert-menu" style={{ top: menus.insert.top }}>
            <button
              type="button"
              className="e-insert-toggle"
              aria-label="Add an image, embed, divider or code block"
              aria-expanded={insert !== 'closed'}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => setInsert(insert === 'closed' ? 'open' : 'closed')}
            >
              {insert === 'closed' ? '+' : '×'}
            </button>
            {insert === 'open' ? (
              <div
                className="e-insert-items"
                role="menu"
                aria-label="Insert"
                onMouseDown={(e) => e.preventDefault()}
              >
                {[
                  { label: 'Image', name: 'Add an image', pick: () => fileRef.current?.click() },
                  { label: 'Embed', name: 'Add an embed', pick: () => setInsert('embed') },
                  { label: 'Divider', name: 'Add a divider', pick: () => insertBlock(insertHorizontalRule) },
                  { label: 'Code', name: 'Add a code block', pick: () => insertBlock(toggleCodeBlock()) },
                ].map((item) => (
                  <button
                    key={item.label}
                    type="button"
                    role="menuitem"
                    aria-label={item.name}
                    onClick={item.pick}
                  >
                    {item.label}
                  </button>
                ))}
              </div>
            ) : null}
            {insert === 'embed' ? (
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
                      setInsert('closed');
                      viewRef.current?.focus();
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
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          multiple
          hidden
          data-testid="image-input"
          onChange={(e) => {
            pickImages(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {publishOpen && viewRef.current ? (
        <PublishDialog
          post={post}
          preview={previewOf(viewRef.current.state)}
          prepare={prepare}
          onPublished={(result) => window.location.assign(result.mediumUrl)}
          onSubmitted={setLabel}
          onClose={() => useEditorStore.getState().setPublishOpen(false)}
        />
      ) : null}
    </EditorFrame>
  );
}

function ToolButton(props: { label: string; active: boolean; onClick(): void; children: React.ReactNode }) {
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
