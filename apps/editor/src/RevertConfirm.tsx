import { useState } from 'react';
import { type EditorState, errorMessage, trpc } from './api';
import { EditorFrame } from './EditorShell';
import { editPath } from './routes';

/** The version a revert link points at (spec §2 /p/{postId}/revert/{versionId}/{baseRev}). */
export interface RevertTarget {
  post: EditorState;
  version: { id: string; rev: number; title: string; createdAt: string };
  baseRev: number;
}

/** Asks before restoring an earlier version, then opens the editor on the result. */
export function RevertConfirm({ target, onDone }: { target: RevertTarget; onDone(post: EditorState): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { post, version } = target;
  const restore = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await trpc.posts.revert.mutate({
        id: post.id,
        versionId: version.id,
        baseRev: target.baseRev,
      });
      if (result.__typename === 'Conflict') {
        setError(result.message);
        return;
      }
      onDone(await trpc.posts.editorState.query({ id: post.id }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const when = new Date(version.createdAt).toLocaleString();
  return (
    <EditorFrame>
      <div
        className="e-message"
        role="dialog"
        aria-label="Restore this version?"
        data-testid="revert-confirm"
      >
        <h2>Restore this version?</h2>
        <p>
          “{version.title || 'Untitled story'}”, saved {when}, replaces the current text of “
          {post.title || 'Untitled story'}”. The current text stays in the story’s history.
        </p>
        {error ? (
          <p className="e-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="e-dialog-actions">
          <button type="button" className="e-publish" onClick={restore} disabled={busy}>
            {busy ? 'Restoring…' : 'Restore'}
          </button>
          <a className="e-link-button" href={editPath(post.id)}>
            Cancel
          </a>
        </div>
      </div>
    </EditorFrame>
  );
}
