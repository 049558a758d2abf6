import { postStateLabel, storyRevisionTexts } from '@quire/domain';
import { docFromContent, editorPlugins, schema } from '@quire/editor';
import { type Command, TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { useMemo, useRef, useState } from 'react';
import { type EditorState as PostState, trpc } from './api';
import { ConflictBanner, Notice, RestoreOffer } from './Banners';
import { copyDraft } from './copy-draft';
import type { DraftText } from './draft-session';
import { previewOf } from './draft-text';
import { EditorFrame } from './EditorShell';
import { FormatToolbar, openLinkField } from './FormatToolbar';
import { ImageAltField } from './ImageAltField';
import { ImageInput, InsertMenu } from './InsertMenu';
import { PublishDialog } from './PublishDialog';
import { StatusLine } from './StatusLine';
import { useEditorStore } from './store';
import { UnpublishedChanges } from './UnpublishedChanges';
import { uploadDeps } from './uploads';
import { useAutosave } from './useAutosave';
import { useEditorView } from './useEditorView';
import { type MenuState, menuPlugin, noMenus } from './view/menus';
import { keystrokeTimingPlugin } from './view/perf';
import { titleMarkerPlugin } from './view/title-marker';
import { imageUploadPlugin } from './view/upload';

/**
 * The writing surface: the ProseMirror view of the title and body with its floating menus, autosave with a
 * local backup, the banners over it and the publish dialog.
 */
export function WritingSurface({
  post,
  openSettings,
  notice,
  onReplaced,
}: {
  post: PostState;
  openSettings: boolean;
  /** A notice to show once the story is open. */
  notice?: string;
  /** The story was reloaded from the server (after discarding its unpublished changes). */
  onReplaced(post: PostState, notice: string): void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [menus, setMenus] = useState<MenuState>(noMenus);
  const [offer, setOffer] = useState<DraftText | null>(null);
  const [label, setLabel] = useState(() =>
    postStateLabel({
      isPublished: post.status !== 'DRAFT',
      statusForCollection: post.statusForCollection,
      pendingCollectionName: post.pendingCollection?.name ?? null,
      viewerIsEditorOrAuthor: true,
      viewerIsAuthor: true,
    }),
  );
  const publishOpen = useEditorStore((s) => s.publishOpen);

  const autosave = useAutosave(post, viewRef);
  const doc = useMemo(
    () => docFromContent(schema, autosave.initial.content, autosave.initial.title),
    [autosave],
  );
  useEditorView(viewRef, mountRef, {
    doc,
    plugins: () => [
      keystrokeTimingPlugin(),
      imageUploadPlugin(uploadDeps),
      titleMarkerPlugin(),
      menuPlugin(() => containerRef.current, setMenus),
      ...editorPlugins(schema, { onLink: openLinkField }),
    ],
    onChange: autosave.changed,
    onBlur: autosave.flush,
    onReady(view) {
      const store = useEditorStore.getState();
      store.setPublishOpen(openSettings);
      store.setNotice(notice ?? null);
      store.setPendingChanges(post.hasPendingChanges);
      setOffer(autosave.offer);
      autosave.resume();
      if (!autosave.initial.title) {
        view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)));
        view.focus();
      }
    },
    onDestroy: autosave.flush,
  });

  const run = (command: Command) => {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch, view);
    view.focus();
  };
  const focusEditor = () => viewRef.current?.focus();

  const restore = (text: DraftText) => {
    const view = viewRef.current;
    if (!view) return;
    const restored = docFromContent(schema, text.content, text.title);
    view.dispatch(view.state.tr.replaceWith(0, view.state.doc.content.size, restored.content));
    setOffer(null);
    useEditorStore.getState().setNotice('Restored your unsaved changes.');
  };

  const openPublish = () => {
    autosave.push();
    useEditorStore.getState().setPublishOpen(true);
  };

  return (
    <EditorFrame
      label={label ?? undefined}
      status={<StatusLine />}
      actions={
        <button type="button" className="e-publish" data-testid="publish-button" onClick={openPublish}>
          Publish
        </button>
      }
      notice={
        <>
          <ConflictBanner
            copy={async () => {
              if (viewRef.current) await copyDraft(viewRef.current);
            }}
            keepMine={autosave.keepMine}
          />
          <UnpublishedChanges
            postId={post.id}
            prepare={autosave.prepare}
            onPublished={(mediumUrl) => window.location.assign(mediumUrl)}
            onDiscarded={async () =>
              onReplaced(
                await trpc.posts.editorState.query({ id: post.id }),
                storyRevisionTexts.changesDiscarded,
              )
            }
          />
          {offer ? <RestoreOffer offer={offer} restore={restore} dismiss={() => setOffer(null)} /> : null}
          <Notice />
        </>
      }
    >
      <div className="e-surface" ref={containerRef}>
        <div ref={mountRef} />
        {menus.toolbar ? <FormatToolbar at={menus.toolbar} run={run} focusEditor={focusEditor} /> : null}
        {menus.insert ? (
          <InsertMenu
            top={menus.insert.top}
            run={run}
            focusEditor={focusEditor}
            pickImages={() => fileRef.current?.click()}
          />
        ) : null}
        {menus.image ? <ImageAltField key={menus.image.pos} at={menus.image} viewRef={viewRef} /> : null}
        <ImageInput inputRef={fileRef} viewRef={viewRef} />
      </div>
      {publishOpen && viewRef.current ? (
        <PublishDialog
          post={post}
          preview={previewOf(viewRef.current.state)}
          prepare={autosave.prepare}
          onPublished={(result) => window.location.assign(result.mediumUrl)}
          onSubmitted={setLabel}
          onClose={() => useEditorStore.getState().setPublishOpen(false)}
        />
      ) : null}
    </EditorFrame>
  );
}
