import { CloseIcon } from '@quire/ui';
import { useState } from 'react';
import type { DraftText } from './draft-session';
import { useEditorStore } from './store';

/** Another tab saved first: this tab's text is kept until the writer copies it or keeps it. */
export function ConflictBanner(props: { copy(): Promise<void>; keepMine(): void }) {
  const saveStatus = useEditorStore((s) => s.saveStatus);
  const message = useEditorStore((s) => s.conflictMessage);
  const [copied, setCopied] = useState(false);
  if (saveStatus !== 'conflict') return null;
  return (
    <div className="e-banner e-banner-conflict" data-testid="save-status" role="alert">
      <span>{message}</span>
      <button
        type="button"
        className="e-link-button"
        onClick={() => void props.copy().then(() => setCopied(true))}
      >
        {copied ? 'Copied' : 'Copy my text'}
      </button>
      <button
        type="button"
        className="e-button"
        onClick={() => {
          setCopied(false);
          props.keepMine();
        }}
      >
        Keep my version
      </button>
    </div>
  );
}

/** Unsaved text this device kept from an earlier revision of the story, offered rather than applied. */
export function RestoreOffer(props: { offer: DraftText; restore(offer: DraftText): void; dismiss(): void }) {
  return (
    <div className="e-banner" data-testid="restore-offer" role="alert">
      <span>This device has unsaved changes from an earlier version of this story.</span>
      <button type="button" className="e-button" onClick={() => props.restore(props.offer)}>
        Restore them
      </button>
      <button type="button" className="e-link-button" onClick={props.dismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** A one-off notice under the top bar, dismissable. */
export function Notice() {
  const notice = useEditorStore((s) => s.notice);
  if (!notice) return null;
  return (
    <div className="e-banner" data-testid="notice" role="status">
      <span>{notice}</span>
      <button
        type="button"
        className="e-link-button"
        aria-label="Dismiss"
        onClick={() => useEditorStore.getState().setNotice(null)}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
