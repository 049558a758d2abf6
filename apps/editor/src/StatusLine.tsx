import { useEditorStore } from './store';

/** The top bar's status: the autosave state (the conflict banner replaces it) and image uploads in progress. */
export function StatusLine() {
  const saveStatus = useEditorStore((s) => s.saveStatus);
  const uploads = useEditorStore((s) => s.uploads);
  return (
    <>
      {saveStatus === 'conflict' ? null : (
        <span className="e-status" data-testid="save-status" role="status" aria-live="polite">
          {saveStatus === 'saved' ? 'Saved' : saveStatus === 'offline' ? 'Offline' : 'Saving…'}
        </span>
      )}
      {uploads.length ? (
        <span className="e-status" data-testid="upload-status">
          Uploading {uploads.length === 1 ? 'image' : `${uploads.length} images`}…{' '}
          {Math.round((uploads.reduce((sum, u) => sum + u.fraction, 0) / uploads.length) * 100)}%
        </span>
      ) : null}
    </>
  );
}
