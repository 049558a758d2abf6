import { docFromContent, schema } from '@quire/editor';
import { markUnloading, trpc } from './api';
import { localBackups } from './backup';
import { DraftSession, type DraftText, type SaveResult } from './draft-session';
import { useEditorStore } from './store';
import { sameText } from './text';

/** The story as the editor opens it: its id, base revision and text. */
export interface OpenedStory extends DraftText {
  id: string;
  latestRev: number;
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

/** Why publishing must wait, or the revision it publishes. */
export type Prepared = { baseRev: number } | { error: string };

/**
 * The open story's autosave: a DraftSession against the story's revision with a local backup, fed with the
 * editor's text a moment after typing stops (the paragraph model is built off the keystroke path) and at
 * once before the page goes away.
 */
export function openAutosave(
  story: OpenedStory,
  currentText: () => DraftText | null,
  options: {
    save?(input: { id: string; baseRev: number } & DraftText): Promise<SaveResult>;
    /** The server took a save. */
    onSaved?(): void;
  } = {},
) {
  const { save = (input) => trpc.posts.save.mutate(input), onSaved } = options;
  let backupRev = story.latestRev;
  const session = new DraftSession(story.id, story.latestRev, {
    save: async (input) => {
      const result = await save(input);
      if (result.__typename === 'Saved') onSaved?.();
      return result;
    },
    backups: localBackups,
    onChange: (s) => {
      useEditorStore.getState().setSave(s.status, s.conflict?.message ?? null);
      const text = currentText();
      // A save finished while newer text waited: back that text up again under the new base revision, so
      // a reload now restores it instead of offering it as stale.
      if (s.status === 'dirty' && s.rev !== backupRev && text) {
        backupRev = s.rev;
        s.change(text);
      }
      // The other tab saved exactly this text: nothing to choose between.
      const conflict = s.conflict;
      if (s.status === 'conflict' && conflict && text && sameText(schema, text, conflict)) {
        setTimeout(() => s.resolveWithMine(), 0);
      }
    },
  });

  // A newer local backup of this revision is opened; one of an older revision is offered instead.
  let initial: DraftText = { title: story.title, content: story.content };
  let restored = false;
  let offer: DraftText | null = null;
  const backup = validBackup(session);
  if (backup && !sameText(schema, backup, initial)) {
    if (backup.stale) offer = { title: backup.title, content: backup.content };
    else {
      initial = { title: backup.title, content: backup.content };
      restored = true;
    }
  }

  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const push = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const text = dirty ? currentText() : null;
    if (!text) return;
    dirty = false;
    backupRev = session.rev;
    session.change(text);
  };
  const flush = () => {
    push();
    void session.flush();
  };

  return {
    session,
    /** The text the editor opens with. */
    initial,
    /** An unsaved backup from an earlier revision, for the writer to restore or dismiss. */
    offer,
    /** The editor's text changed: pushed into the session a moment later. */
    changed() {
      dirty = true;
      timer ??= setTimeout(push, 100);
    },
    /** Hands the session the editor's latest text now. */
    push,
    /** Pushes and saves now (blur, hiding, leaving). */
    flush,
    /** Once the editor shows the restored backup: saves it and says so. */
    resume() {
      if (!restored) return;
      dirty = true;
      push();
      useEditorStore.getState().setNotice('Restored your unsaved changes.');
    },
    /** After a conflict, this tab's text goes on top of the other tab's revision. */
    keepMine() {
      push();
      session.resolveWithMine();
    },
    /** Saves what is pending before publishing; answers the base revision to publish, or why it cannot. */
    async prepare(): Promise<Prepared> {
      push();
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
    },
    /** Saves when the page is left or hidden; the returned function stops that and saves one last time. */
    watchLeaving() {
      const onLeave = () => {
        markUnloading();
        flush();
      };
      const onHidden = () => {
        if (document.visibilityState === 'hidden') flush();
      };
      window.addEventListener('beforeunload', onLeave);
      window.addEventListener('pagehide', onLeave);
      document.addEventListener('visibilitychange', onHidden);
      return () => {
        window.removeEventListener('beforeunload', onLeave);
        window.removeEventListener('pagehide', onLeave);
        document.removeEventListener('visibilitychange', onHidden);
        flush();
      };
    },
  };
}

export type Autosave = ReturnType<typeof openAutosave>;
