import { create } from 'zustand';

/** Spec §3 client state "client". */
export interface ClientStore {
  /** True once React has hydrated the server-rendered page. */
  hydrated: boolean;
  /** The visitor was recognised as a bot (click analytics off). */
  viewerIsBot: boolean;
  markHydrated(): void;
}

export const useClientStore = create<ClientStore>()((set) => ({
  hydrated: false,
  viewerIsBot: false,
  markHydrated: () => set({ hydrated: true }),
}));
