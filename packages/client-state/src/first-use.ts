import { TOP_NAV_TOOLTIP_FLAG } from '@quire/domain';
import { create } from 'zustand';
import type { PrivacyStorage } from './privacy';

export { TOP_NAV_TOOLTIP_FLAG };
/** Where a signed-out visitor's dismissal of the logo tooltip is remembered. */
export const TOP_NAV_TOOLTIP_STORAGE_KEY = `quire:flag:${TOP_NAV_TOOLTIP_FLAG}`;

/** Spec §2 first-use tooltip and §4 popover flags: shown once, dismissed with 'Okay, got it'. */
export interface FirstUseStore {
  /** Flags dismissed during this visit (a signed-in user's are also recorded on the server). */
  dismissed: readonly string[];
  isDismissed(flag: string, serverFlags?: readonly string[] | null, storage?: PrivacyStorage | null): boolean;
  dismiss(flag: string, storage?: PrivacyStorage | null): void;
}

const storageKey = (flag: string) => `quire:flag:${flag}`;

export const useFirstUseStore = create<FirstUseStore>()((set, get) => ({
  dismissed: [],
  isDismissed: (flag, serverFlags, storage) => {
    if (get().dismissed.includes(flag) || serverFlags?.includes(flag)) return true;
    try {
      return storage?.getItem(storageKey(flag)) === '1';
    } catch {
      return false;
    }
  },
  dismiss: (flag, storage) => {
    try {
      storage?.setItem(storageKey(flag), '1');
    } catch {
      // Storage blocked: the flag stays dismissed for this visit only.
    }
    set((s) => ({ dismissed: s.dismissed.includes(flag) ? s.dismissed : [...s.dismissed, flag] }));
  },
}));
