import { accessTexts, statsTexts } from '@quire/domain';
import { type PostSubject, type PublicationSubject, type Refusal, refuse } from './facts';
import { managePublication } from './publication-rules';
import { storyRules } from './story-rules';
import type { PolicyViewer } from './viewer';

/*
 * Who sees which stats (spec §2 stats paths): a writer their own, a publication's owner and editors its own. To
 * anyone else the stats do not exist (404), so a path never tells whether a writer, story or publication is there.
 */

const noStats = refuse('NOT_FOUND', statsTexts.notFound);
const signIn = refuse('UNAUTHORIZED', accessTexts.signIn);

/** A writer's stats and audience: the writer themself only. */
function viewWriterStats(viewer: PolicyViewer, writer: { id: string }): Refusal | null {
  if (!viewer.user) return signIn;
  return viewer.user.id === writer.id ? null : noStats;
}

/** A story's stats: its writer, and the editors of the publication it is in (story-rules.ts viewPostStats). */
function viewStoryStats(viewer: PolicyViewer, post: PostSubject): Refusal | null {
  if (!viewer.user) return signIn;
  return storyRules.viewPostStats(viewer, post) ? noStats : null;
}

/** A publication's stats: its owner and editors. */
function viewPublicationStats(viewer: PolicyViewer, publication: PublicationSubject): Refusal | null {
  if (!viewer.user) return signIn;
  return managePublication(viewer, publication) ? noStats : null;
}

/** Every question about stats, by action. */
export const statsRules = { viewWriterStats, viewStoryStats, viewPublicationStats } as const;
