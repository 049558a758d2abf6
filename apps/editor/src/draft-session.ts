import type { PostContent } from '@quire/domain';

/** What the editor saves: the title and the paragraph model. */
export interface DraftText {
  title: string;
  content: PostContent;
}

/** The server's answer to an autosave (posts.save). */
export type SaveResult =
  | { __typename: 'Saved'; rev: number }
  | { __typename: 'Conflict'; message: string; latestRev: number; title: string; content: PostContent };

/** Where the session is, for the status line. */
export type SaveStatus = 'saved' | 'dirty' | 'saving' | 'offline' | 'conflict';

/** A local copy of unsaved text, so a crash or reload loses nothing. */
export interface BackupStore {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

interface Backup extends DraftText {
  postId: string;
  baseRev: number;
  savedAt: number;
}

export const AUTOSAVE_DELAY_MS = 1000;
const backupKey = (postId: string) => `quire:draft-backup:${postId}`;

/**
 * One open draft: debounced autosave against a base revision, a local backup of every change until
 * the server has it, and a conflict state that keeps this tab's text when another tab saved first.
 */
export class DraftSession {
  private pending: DraftText | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  status: SaveStatus = 'saved';
  conflict: Extract<SaveResult, { __typename: 'Conflict' }> | null = null;

  constructor(
    readonly postId: string,
    private baseRev: number,
    private readonly deps: {
      save(input: { id: string; baseRev: number } & DraftText): Promise<SaveResult>;
      backups: BackupStore;
      onChange?(session: DraftSession): void;
      delayMs?: number;
      now?: () => number;
    },
  ) {}

  get rev() {
    return this.baseRev;
  }

  /**
   * A backup newer than what the server sent (same base revision, unsaved text): the editor offers
   * or applies it on open. Stale backups (the server moved on) are returned too, marked, so the
   * writer can copy from them; nothing is discarded silently.
   */
  restorable(): (DraftText & { stale: boolean }) | null {
    const raw = this.deps.backups.read(backupKey(this.postId));
    if (!raw) return null;
    try {
      const backup = JSON.parse(raw) as Backup;
      if (backup.postId !== this.postId) return null;
      return { title: backup.title, content: backup.content, stale: backup.baseRev !== this.baseRev };
    } catch {
      return null;
    }
  }

  /** Records an edit: backed up at once, saved after a quiet moment. */
  change(text: DraftText) {
    this.pending = text;
    this.backup(text);
    if (this.status !== 'conflict') this.setStatus('dirty');
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.deps.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** Saves now (on blur, before publishing, before unload). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.inFlight) await this.inFlight;
    if (!this.pending || this.status === 'conflict') return;
    const text = this.pending;
    this.pending = null;
    this.setStatus('saving');
    this.inFlight = (async () => {
      try {
        const result = await this.deps.save({ id: this.postId, baseRev: this.baseRev, ...text });
        if (result.__typename === 'Saved') {
          this.baseRev = result.rev;
          if (!this.pending) this.deps.backups.remove(backupKey(this.postId));
          // Newer text typed during the save: back it up against the new revision, so a reload restores it.
          else this.backup(this.pending);
          this.setStatus(this.pending ? 'dirty' : 'saved');
        } else {
          // Keep this tab's text (and its backup); the writer decides what to keep.
          this.pending = text;
          this.conflict = result;
          this.setStatus('conflict');
        }
      } catch {
        this.pending ??= text;
        this.setStatus('offline');
        this.timer = setTimeout(() => void this.flush(), 5000);
      } finally {
        this.inFlight = null;
      }
    })();
    await this.inFlight;
  }

  private backup(text: DraftText) {
    const backup: Backup = {
      ...text,
      postId: this.postId,
      baseRev: this.baseRev,
      savedAt: this.deps.now?.() ?? Date.now(),
    };
    this.deps.backups.write(backupKey(this.postId), JSON.stringify(backup));
  }

  /** After a conflict: continue from the server's latest revision with this tab's text on top. */
  resolveWithMine() {
    if (!this.conflict) return;
    this.baseRev = this.conflict.latestRev;
    this.conflict = null;
    this.setStatus('dirty');
    void this.flush();
  }

  private setStatus(status: SaveStatus) {
    this.status = status;
    this.deps.onChange?.(this);
  }
}
