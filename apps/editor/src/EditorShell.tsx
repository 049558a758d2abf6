import type { ReactNode } from 'react';

/** The editor page's frame: top bar (logo, draft label, save status, actions) over the 680px writing column. */
export function EditorFrame(props: {
  label?: string;
  status?: ReactNode;
  actions?: ReactNode;
  notice?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <header className="e-topbar">
        <a className="e-logo" href="/">
          Quire
        </a>
        {props.label ? (
          <span className="e-label" data-testid="draft-label">
            {props.label}
          </span>
        ) : null}
        <div className="e-status-area">{props.status}</div>
        {props.actions}
      </header>
      {props.notice}
      <main className="e-column" data-testid="editor-shell">
        {props.children}
      </main>
    </>
  );
}
