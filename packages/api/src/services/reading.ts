import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadEvent } from '@quire/db';
import { isMember, loadPolicyViewer } from '../policies';
import { accessToStory, type PaywallReader } from './paywall';
import { readableStory } from './posts';
import { rememberInHistory } from './your-pages';

/** A view counts once per reader per story in this window (spec §4 read tracking). */
export const VIEW_DEDUP_MS = 30 * 60 * 1000;
/** Longest reading time one read may record, in seconds. */
export const MAX_READING_SECONDS = 7200;

/** Who reads: the paywall's reader, whose visitor cookie id stands in for a missing account. */
export type Reader = PaywallReader;

/** Who the event belongs to: the signed-in user, else the visitor cookie id. */
function readerKey(reader: Reader) {
  return reader.viewer
    ? { user: reader.viewer.id }
    : { user: null, visitorId: reader.visitor.id.slice(0, 16) };
}

/** Clamps a client-reported reading time to whole seconds in 0..MAX_READING_SECONDS. */
export function clampReadingSeconds(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(MAX_READING_SECONDS, Math.max(0, Math.floor(seconds)));
}

/** Records a VIEW unless this reader viewed the story within the last 30 minutes. */
export async function recordView(
  em: EntityManager,
  reader: Reader,
  input: { postId: string; referrer?: string | null; shareKey?: string | null },
): Promise<{ recorded: boolean }> {
  const post = await readableStory(em, reader.viewer, input.postId);
  if (reader.visitor.isBot) return { recorded: false };
  if (reader.viewer) await rememberInHistory(em, reader.viewer, post.id, reader.now);
  const since = new Date(reader.now.getTime() - VIEW_DEDUP_MS);
  const recent = await em.count(ReadEvent, {
    post: post.id,
    kind: 'VIEW',
    occurredAt: { $gt: since },
    ...readerKey(reader),
  });
  if (recent > 0) return { recorded: false };
  // Spec §4 meter state for analytics: as the page was served, without counting the story again.
  const { meterState } = await accessToStory(em, { ...reader, post, shareKey: input.shareKey, peek: true });
  em.create(ReadEvent, {
    post,
    ...readerKey(reader),
    kind: 'VIEW',
    occurredAt: reader.now,
    isMember: isMember(await loadPolicyViewer(em, reader.viewer)),
    meterState,
    referrer: input.referrer ? input.referrer.slice(0, 2048) : null,
  });
  await em.flush();
  return { recorded: true };
}

/** Start of the UTC day holding `now`. */
function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Records a READ (the client decides: 30 s on the page or the end reached), once per reader per story per
 * UTC day, with the member flag so member reading time per story can be summed for the Partner Program. A
 * later call the same day raises that read's reading time to what the client reports, so a short story whose
 * end shows at once still earns the time spent on it.
 */
export async function recordRead(
  em: EntityManager,
  reader: Reader,
  input: { postId: string; readingSeconds: number; shareKey?: string | null },
): Promise<{ recorded: boolean; readingSeconds: number }> {
  const post = await readableStory(em, reader.viewer, input.postId);
  const readingSeconds = clampReadingSeconds(input.readingSeconds);
  if (reader.visitor.isBot) return { recorded: false, readingSeconds };
  // Only someone who got the whole story reads it: at the paywall, the preview's end is not a read.
  const served = await accessToStory(em, { ...reader, post, shareKey: input.shareKey, peek: true });
  if (!served.full) return { recorded: false, readingSeconds };
  if (reader.viewer) await rememberInHistory(em, reader.viewer, post.id, reader.now, true);
  const already = await em.count(ReadEvent, {
    post: post.id,
    kind: 'READ',
    occurredAt: { $gte: startOfUtcDay(reader.now) },
    ...readerKey(reader),
  });
  if (already > 0) {
    // The day's read is kept; a later report of the same visit adds the time read since (never lowers it).
    await em.getConnection().execute(
      `update read_events set reading_seconds = greatest(reading_seconds, ?)
        where post_id = ? and kind = 'READ' and occurred_at >= ? and ${
          reader.viewer ? 'user_id = ?' : 'user_id is null and visitor_id = ?'
        }`,
      [readingSeconds, post.id, startOfUtcDay(reader.now), reader.viewer?.id ?? readerKey(reader).visitorId],
    );
    return { recorded: false, readingSeconds };
  }
  em.create(ReadEvent, {
    post,
    ...readerKey(reader),
    kind: 'READ',
    occurredAt: reader.now,
    readingSeconds,
    isMember: isMember(await loadPolicyViewer(em, reader.viewer)),
  });
  await em.flush();
  return { recorded: true, readingSeconds };
}

/** Whether the reader has ever read the story (spec §2 /p/{postId}/state/read). */
export async function hasRead(em: EntityManager, reader: Reader, postId: string): Promise<boolean> {
  const count = await em.count(ReadEvent, { post: postId, kind: 'READ', ...readerKey(reader) });
  return count > 0;
}
