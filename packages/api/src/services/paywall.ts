import type { EntityManager } from '@mikro-orm/postgresql';
import { MeterEntry, newId, type Post, type User } from '@quire/db';
import type { MeterState } from '@quire/domain';
import type { VisitorInfo } from '../trpc';
import { isMember, isPostAuthor } from './policy';
import { isEditorRole, roleIn } from './stories/permissions';

/** Spec §4 meter state, as reported to analytics. */
export type { MeterState };

/** Non-members read this many members-only stories a month for free (spec §1; configurable). */
export const DEFAULT_FREE_STORIES_PER_MONTH = 3;

export interface Access {
  /** Whether the full text may be sent; otherwise only the locked preview leaves the server. */
  full: boolean;
  meterState: MeterState;
  /** Free members-only stories left this month, for metered readers. */
  freeStoriesLeft: number | null;
}

const monthKey = (now: Date) => now.toISOString().slice(0, 7);

/**
 * Who gets a members-only story's text (spec §1, §4): members, the author, the publication's
 * editors, anyone with the author's friend link, and non-members within their monthly free stories.
 * Reading a story counts once per month per reader.
 */
export async function accessToStory(
  em: EntityManager,
  opts: {
    viewer: User | null;
    visitor: VisitorInfo;
    post: Post;
    shareKey?: string | null;
    now: Date;
    freePerMonth?: number;
    /** Only look: a story not yet counted this month is not counted now (its view is being recorded). */
    peek?: boolean;
  },
): Promise<Access> {
  const { viewer, post } = opts;
  if (!post.isLocked) return { full: true, meterState: 'not_metered', freeStoriesLeft: null };
  if (isMember(viewer)) return { full: true, meterState: 'member', freeStoriesLeft: null };
  if (isPostAuthor(viewer, post)) return { full: true, meterState: 'not_metered', freeStoriesLeft: null };
  if (opts.shareKey && post.shareKey && opts.shareKey === post.shareKey) {
    return { full: true, meterState: 'not_metered', freeStoriesLeft: null };
  }
  if (isEditorRole(await roleIn(em, viewer, post.collection))) {
    return { full: true, meterState: 'not_metered', freeStoriesLeft: null };
  }
  // Crawlers and cookieless requests get the preview without using anyone's free stories.
  const readerKey = viewer
    ? `user:${viewer.id}`
    : !opts.visitor.isBot && opts.visitor.id !== 'anonymous'
      ? `visitor:${opts.visitor.id}`
      : null;
  if (!readerKey) return { full: false, meterState: 'paywalled', freeStoriesLeft: 0 };
  const free = opts.freePerMonth ?? DEFAULT_FREE_STORIES_PER_MONTH;
  const month = monthKey(opts.now);
  const read = await em.find(MeterEntry, { readerKey, monthKey: month }, { fields: ['post'] });
  if (read.some((entry) => entry.post.id === post.id)) {
    return { full: true, meterState: 'metered', freeStoriesLeft: Math.max(0, free - read.length) };
  }
  if (read.length >= free || opts.peek) {
    return { full: false, meterState: 'paywalled', freeStoriesLeft: Math.max(0, free - read.length) };
  }
  // The unique (reader, month, post) key makes a double count impossible, even for parallel requests.
  await em.getConnection().execute(
    `insert into meter_entries (id, created_at, updated_at, reader_key, user_id, visitor_id, post_id, month_key)
       values (?, now(), now(), ?, ?, ?, ?, ?) on conflict do nothing`,
    [newId(), readerKey, viewer?.id ?? null, viewer ? null : opts.visitor.id.slice(0, 16), post.id, month],
  );
  return { full: true, meterState: 'metered', freeStoriesLeft: Math.max(0, free - read.length - 1) };
}
