import type { BackupStore } from './draft-session';

/** The draft backups in localStorage; a full or blocked storage never breaks typing. */
export const localBackups: BackupStore = {
  read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  write(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Quota exceeded or storage disabled: the server autosave is still running.
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {}
  },
};
