import { DEFAULT_TOAST_DURATION_MS } from '@quire/domain';
import { create } from 'zustand';

/** Spec §4 toast duration: FOREVER, NEXTPAGE (cleared on location change) or milliseconds. */
export type ToastDuration = 'FOREVER' | 'NEXTPAGE' | number;

export interface Toast {
  message: string;
  duration: ToastDuration;
  /** Spec §9 toast style, MESSAGE by default. */
  toastStyle: string;
  /** An action such as Undo. */
  action?: { label: string; run: () => void } | undefined;
  /** A link to where the toast's matter is dealt with (e.g. the tax forms page). */
  link?: { label: string; href: string } | undefined;
}

/** Spec §3 navigation.enqueued toast: one at a time, a new one replaces the current. */
export interface ToastStore {
  toast: Toast | null;
  show(message: string, options?: Partial<Omit<Toast, 'message'>>): void;
  hide(): void;
}

export const useToastStore = create<ToastStore>()((set) => ({
  toast: null,
  show: (message, options = {}) =>
    set({
      toast: {
        message,
        duration: options.duration ?? DEFAULT_TOAST_DURATION_MS,
        toastStyle: options.toastStyle ?? 'MESSAGE',
        action: options.action,
        link: options.link,
      },
    }),
  hide: () => set({ toast: null }),
}));
