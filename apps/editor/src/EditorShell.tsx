/** The writing surface's frame: top bar with Publish, title and body areas with the spec's placeholders. */
export function EditorShell() {
  return (
    <>
      <header className="e-topbar">
        <a className="e-logo" href="/">
          Quire
        </a>
        <span className="e-status">Draft</span>
        <button type="button" className="e-publish" disabled title="Publishing arrives with the editor">
          Publish
        </button>
      </header>
      <main className="e-column" data-testid="editor-shell">
        <textarea className="e-title" placeholder="Title" aria-label="Title" rows={1} />
        <textarea className="e-body" placeholder="Tell your story…" aria-label="Story" rows={12} />
      </main>
    </>
  );
}
