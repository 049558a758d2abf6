import { isIPv4, isIPv6 } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId, type User } from '@quire/db';
import {
  FREE_STORIES_PER_MONTH,
  FREE_STORIES_PER_NETWORK_PER_MONTH,
  type MeterState,
  type PaywallReason,
} from '@quire/domain';
import { can, isMember, loadPolicyViewer, type PostSubject } from '../policies';
import type { Context, VisitorInfo } from '../trpc';
import { lockUntilCommit } from './locks';

/** Spec §4 meter state, as reported to analytics. */
/**
 * Why a reader got only the locked preview, which is what the paywall box asks of them: an account (signed
 * out), or membership (their free stories, or their network's, are used up this month).
 */
export type { MeterState, PaywallReason };

export interface Access {
  /** Whether the full text may be sent; otherwise only the locked preview leaves the server. */
  full: boolean;
  meterState: MeterState;
  /** Free members-only stories left this month, for metered (signed-in) readers. */
  freeStoriesLeft: number | null;
  /** Why only the preview is sent; null with the full text. */
  paywall: PaywallReason | null;
}

/** Who is reading, as the paywall sees a request. */
export interface PaywallReader {
  viewer: User | null;
  visitor: VisitorInfo;
  /** The request's address: every account on its network shares one monthly ceiling of free stories. */
  ip: string;
  now: Date;
  /** Free stories one network may be given a month, where the deployment overrides the default. */
  freePerNetwork?: number;
}

/** The paywall's reader of a procedure call. */
export function paywallReaderOf(ctx: Context): PaywallReader {
  return {
    viewer: ctx.viewer,
    visitor: ctx.visitor,
    ip: ctx.ip,
    now: ctx.now(),
    freePerNetwork: ctx.env.freeStoriesPerNetworkPerMonth,
  };
}

const monthKey = (now: Date) => now.toISOString().slice(0, 7);

/** The eight hextets of an IPv6 address, with an embedded IPv4 tail (64:ff9b::a.b.c.d) as the last two. */
function ipv6Hextets(address: string): string[] {
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const gap = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...gap, ...after];
}

/**
 * The network an address belongs to, for the per-network ceiling: its IPv4 /24 ('192.0.2.0/24', also for
 * IPv4-mapped IPv6 addresses) or its IPv6 /64 ('2001:0db8:0000:0001::/64').
 */
export function networkOf(ip: string): string {
  const address = (ip.split('%')[0] ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) {
    const prefix = ipv6Hextets(address.toLowerCase()).slice(0, 4);
    return `${prefix.map((hextet) => hextet.padStart(4, '0')).join(':')}::/64`;
  }
  // Not an address (an in-process caller): its own network, so it never shares another's ceiling.
  return `other:${address}`.slice(0, 45);
}

const fullText = (meterState: MeterState, freeStoriesLeft: number | null = null): Access => ({
  full: true,
  meterState,
  freeStoriesLeft,
  paywall: null,
});

const previewOnly = (paywall: PaywallReason, freeStoriesLeft: number | null): Access => ({
  full: false,
  meterState: 'paywalled',
  freeStoriesLeft,
  paywall,
});

/**
 * What of a members-only story the reader is sent (spec §1, §4): the whole text when the policy's
 * readFullText allows it, else to signed-in non-members a free story within their month's (and their
 * network's) allowance, else the preview. A visitor cookie is free to renew, so it never grants text. A story
 * counts once per reader and month, whatever the number of requests.
 */
export async function accessToStory(
  em: EntityManager,
  opts: PaywallReader & {
    post: PostSubject & { id: string };
    shareKey?: string | null;
    /** Only look: a story not yet counted this month is not counted now (its view or read is being recorded). */
    peek?: boolean;
  },
): Promise<Access> {
  const { viewer, post } = opts;
  if (!post.isLocked) return fullText('not_metered');
  const reader = await loadPolicyViewer(em, viewer);
  if (can(reader, 'readFullText', post, { shareKey: opts.shareKey }))
    return fullText(isMember(reader) ? 'member' : 'not_metered');
  if (!viewer) return previewOnly('signed_out', null);
  return meteredAccess(em, viewer, opts);
}

/** A signed-in non-member's access: a story counted this month, or a free one counted now if any are left. */
async function meteredAccess(
  em: EntityManager,
  viewer: User,
  opts: PaywallReader & { post: { id: string }; peek?: boolean },
): Promise<Access> {
  const meter = { readerKey: `user:${viewer.id}`, month: monthKey(opts.now), postId: opts.post.id };
  const seen = await readerMeter(em, meter);
  if (seen.counted) return fullText('metered', Math.max(0, FREE_STORIES_PER_MONTH - seen.read));
  if (seen.read >= FREE_STORIES_PER_MONTH) return previewOnly('free_stories_used', 0);
  if (opts.peek) return previewOnly('free_stories_used', FREE_STORIES_PER_MONTH - seen.read);
  const network = networkOf(opts.ip);
  const ceiling = opts.freePerNetwork ?? FREE_STORIES_PER_NETWORK_PER_MONTH;
  // A clean fork: the transaction flushes nothing of the request's identity map, only runs these statements.
  return em.fork({ keepTransactionContext: true }).transactional(async (tx) => {
    // Count and insert under the reader's lock, then the network's (always in this order, so never a deadlock):
    // parallel requests see each other's rows, and neither limit is passed.
    await lockUntilCommit(tx, `meter:${meter.readerKey}:${meter.month}`);
    const mine = await readerMeter(tx, meter);
    if (mine.counted) return fullText('metered', Math.max(0, FREE_STORIES_PER_MONTH - mine.read));
    if (mine.read >= FREE_STORIES_PER_MONTH) return previewOnly('free_stories_used', 0);
    await lockUntilCommit(tx, `meter-network:${network}:${meter.month}`);
    const [given] = await tx.execute<{ count: number }[]>(
      'select count(*)::int as count from meter_entries where network_key = ? and month_key = ?',
      [network, meter.month],
    );
    if ((given?.count ?? 0) >= ceiling)
      return previewOnly('network_free_stories_used', FREE_STORIES_PER_MONTH - mine.read);
    await tx.execute(
      `insert into meter_entries (id, created_at, updated_at, reader_key, user_id, post_id, month_key, network_key)
         values (?, now(), now(), ?, ?, ?, ?, ?)`,
      [newId(), meter.readerKey, viewer.id, meter.postId, meter.month, network],
    );
    return fullText('metered', Math.max(0, FREE_STORIES_PER_MONTH - mine.read - 1));
  });
}

/** How many stories the reader was given this month, and whether this one is among them. */
async function readerMeter(
  em: EntityManager,
  meter: { readerKey: string; month: string; postId: string },
): Promise<{ read: number; counted: boolean }> {
  const [row] = await em.execute<{ read: number; counted: boolean }[]>(
    `select count(*)::int as read, coalesce(bool_or(post_id = ?), false) as counted
       from meter_entries where reader_key = ? and month_key = ?`,
    [meter.postId, meter.readerKey, meter.month],
  );
  return { read: row?.read ?? 0, counted: row?.counted ?? false };
}
