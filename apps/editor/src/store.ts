import { create } from 'zustand';
import type { SaveStatus } from './draft-session';

/** One image on its way to /_/upload. */
export interface UploadProgress {
  /** Local id of the upload (its placeholder in the document). */
  id: string;
  /** The file name, for the progress line. */
  name: string;
  /** 0 to 1. */
  fraction: number;
}

/** What the insert menu shows: collapsed to its button, the list of blocks, or the embed link field. */
export type InsertMode = 'closed' | 'open' | 'embed';

/** UI state of the open draft (the document itself lives in ProseMirror, server data in DraftSession). */
export interface EditorStore {
  /** The autosave state shown in the status line. */
  saveStatus: SaveStatus;
  /** The server's conflict message while this tab's text waits for the writer's choice. */
  conflictMessage: string | null;
  /** A one-off notice under the top bar ('Restored your unsaved changes.', upload errors). */
  notice: string | null;
  /** Uploads in progress, in start order. */
  uploads: UploadProgress[];
  /** The publish / story settings dialog is open. */
  publishOpen: boolean;
  /** The toolbar's link field while it is open (its text), or null. */
  linkDraft: string | null;
  /** The insert menu's state. */
  insertMode: InsertMode;
  /** A published story has saved edits that readers do not see until 'Publish changes'. */
  pendingChanges: boolean;
  setSave(status: SaveStatus, conflictMessage: string | null): void;
  setNotice(notice: string | null): void;
  startUpload(upload: UploadProgress): void;
  progressUpload(id: string, fraction: number): void;
  endUpload(id: string): void;
  setPublishOpen(open: boolean): void;
  setLinkDraft(linkDraft: string | null): void;
  setInsertMode(insertMode: InsertMode): void;
  setPendingChanges(pendingChanges: boolean): void;
}

export const useEditorStore = create<EditorStore>()((set) => ({
  saveStatus: 'saved',
  conflictMessage: null,
  notice: null,
  uploads: [],
  publishOpen: false,
  linkDraft: null,
  insertMode: 'closed',
  pendingChanges: false,
  setSave: (saveStatus, conflictMessage) => set({ saveStatus, conflictMessage }),
  setNotice: (notice) => set({ notice }),
  startUpload: (upload) => set((s) => ({ uploads: [...s.uploads, upload] })),
  progressUpload: (id, fraction) =>
    set((s) => ({ uploads: s.uploads.map((u) => (u.id === id ? { ...u, fraction } : u)) })),
  endUpload: (id) => set((s) => ({ uploads: s.uploads.filter((u) => u.id !== id) })),
  setPublishOpen: (publishOpen) => set({ publishOpen }),
  setLinkDraft: (linkDraft) => set({ linkDraft }),
  setInsertMode: (insertMode) => set({ insertMode }),
  setPendingChanges: (pendingChanges) => set({ pendingChanges }),
}));
