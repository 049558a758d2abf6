import { useEffect, useState } from 'react';
import { type EditorState, ensureXsrf, errorCode, errorMessage, trpc } from './api';
import { EditorFrame } from './EditorShell';
import { RevertConfirm, type RevertTarget } from './RevertConfirm';
import { type EditorRoute, editorRoute, editPath, signInPath } from './routes';
import { WritingSurface } from './WritingSurface';

type Phase =
  | { kind: 'loading' }
  | { kind: 'signed-out'; redirect: string }
  | { kind: 'error'; message: string }
  | { kind: 'revert'; target: RevertTarget }
  | { kind: 'editing'; post: EditorState; notice?: string };

// One draft per visit to /new-story, even if the effect runs twice.
let creating: Promise<{ id: string }> | null = null;

async function load(route: EditorRoute): Promise<Phase> {
  switch (route.kind) {
    case 'new': {
      creating ??= ensureXsrf().then(() =>
        trpc.posts.createDraft.mutate(route.collectionSlug ? { collectionSlug: route.collectionSlug } : {}),
      );
      const { id } = await creating;
      history.replaceState(null, '', `${editPath(id)}${location.search}`);
      return { kind: 'editing', post: await trpc.posts.editorState.query({ id }) };
    }
    case 'edit':
      return { kind: 'editing', post: await trpc.posts.editorState.query({ id: route.postId }) };
    case 'revert': {
      const [post, versions] = await Promise.all([
        trpc.posts.editorState.query({ id: route.postId }),
        trpc.posts.versions.query({ id: route.postId }),
      ]);
      const version = versions.find((v) => v.id === route.versionId);
      if (!version) return { kind: 'error', message: 'This version of the story does not exist.' };
      return { kind: 'revert', target: { post, version, baseRev: route.baseRev } };
    }
    case 'unknown':
      return { kind: 'error', message: 'Page not found.' };
  }
}

/** The editor app: picks what to do from the path (spec §2 Writing paths), then shows the writing surface. */
export function App() {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [openSettings] = useState(() => new URLSearchParams(location.search).get('settings') === '1');

  useEffect(() => {
    const route = editorRoute(location.pathname);
    load(route).then(setPhase, (error: unknown) => {
      if (errorCode(error) === 'UNAUTHORIZED') {
        setPhase({ kind: 'signed-out', redirect: location.pathname });
      } else setPhase({ kind: 'error', message: errorMessage(error) });
    });
  }, []);

  useEffect(() => {
    if (phase.kind === 'editing') document.title = `${phase.post.title || 'New story'} | Quire`;
  }, [phase]);

  switch (phase.kind) {
    case 'loading':
      return <EditorFrame status={<span className="e-muted">Loading…</span>} />;
    case 'signed-out':
      return (
        <EditorFrame>
          <p className="e-message" data-testid="signed-out">
            Sign in to write a story. <a href={signInPath(phase.redirect)}>Sign in</a>
          </p>
        </EditorFrame>
      );
    case 'error':
      return (
        <EditorFrame>
          <p className="e-message" role="alert">
            {phase.message}
          </p>
        </EditorFrame>
      );
    case 'revert':
      return (
        <RevertConfirm
          target={phase.target}
          onDone={(post) => {
            history.replaceState(null, '', editPath(post.id));
            setPhase({ kind: 'editing', post });
          }}
        />
      );
    case 'editing':
      return (
        <WritingSurface
          post={phase.post}
          openSettings={openSettings}
          notice={phase.notice}
          onReplaced={(post, notice) => setPhase({ kind: 'editing', post, notice })}
        />
      );
  }
}
