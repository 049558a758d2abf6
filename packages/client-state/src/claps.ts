import { create } from 'zustand';

/** Spec §3 client state: one story's clap counts as this page knows them. */
export interface ClapCounts {
  /** Everyone's claps. */
  clapCount: number;
  /** The viewer's own claps. */
  viewerClapCount: number;
  /** The viewer clapped after the counts were last fetched (their claps may still be on the way). */
  viewerHasClappedSinceFetch: boolean;
}

/** Spec §3 "A clap count per post can be set or cleared." */
export interface ClapStore {
  byPost: Record<string, ClapCounts>;
  set(postId: string, counts: ClapCounts): void;
  clear(postId: string): void;
}

export const useClapStore = create<ClapStore>()((set) => ({
  byPost: {},
  set: (postId, counts) => set((s) => ({ byPost: { ...s.byPost, [postId]: counts } })),
  clear: (postId) =>
    set((s) => {
      const { [postId]: _cleared, ...rest } = s.byPost;
      return { byPost: rest };
    }),
}));
