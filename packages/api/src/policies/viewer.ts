import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows, type User } from '@quire/db';
import type { CollectionRole } from '@quire/domain';

/**
 * What the rules read of the signed-in user. Only the id is required: a rule reading a field that was not
 * given (membership, staff, Partner Program) denies, so pass the whole row where those matter.
 */
export type ViewerUser = Pick<User, 'id'> &
  Partial<
    Pick<
      User,
      | 'isStaff'
      | 'isSuspended'
      | 'isDeleted'
      | 'mediumMemberAt'
      | 'isPartnerProgramEnrolled'
      | 'hasGroupGiftingEnabled'
      | 'email'
      | 'emailVerifiedAt'
    >
  >;

/**
 * Who is asking, as every access rule sees them: the account, its role in each publication it belongs to,
 * the users who blocked it and the feature flags on for it. Loaded once per request, then read by pure rules.
 */
export interface PolicyViewer {
  user: ViewerUser | null;
  /** The viewer's role in each publication they belong to, by publication id. */
  roles: ReadonlyMap<string, CollectionRole>;
  /** Ids of the users who blocked the viewer. */
  blockedBy: ReadonlySet<string>;
  /** Names of the boolean feature flags on for the viewer (spec §6). */
  flags: ReadonlySet<string>;
}

/** A viewer from facts already known (tests, and callers that loaded them another way). */
export function policyViewer(
  user: ViewerUser | null,
  facts: {
    roles?: Iterable<readonly [string, CollectionRole]>;
    blockedBy?: Iterable<string>;
    flags?: Iterable<string>;
  } = {},
): PolicyViewer {
  return {
    user,
    roles: new Map(user ? (facts.roles ?? []) : []),
    blockedBy: new Set(user ? (facts.blockedBy ?? []) : []),
    flags: new Set(facts.flags ?? []),
  };
}

/** The facts as columns of a statement, for a user whose id is `userId` (an SQL expression). */
export interface FactsRow {
  roles: [string, CollectionRole][] | null;
  blocked_by: string[] | null;
  flags: string[] | null;
}

/**
 * The viewer's roles, who blocked them, and the flags on for them (an override wins), as three columns named as
 * FactsRow, for the user whose id is the SQL expression `userId`: one source for every statement that reads them.
 */
export const viewerFactsColumns = (userId: string) =>
  `(select json_agg(json_build_array(m.collection_id, m.role)) from collection_members m
     where m.user_id = ${userId}) as roles,
   (select array_agg(b.blocker_id) from blocks b where b.blocked_id = ${userId}) as blocked_by,
   (select array_agg(f.name) from feature_flags f
      left join feature_flag_overrides o on o.flag_id = f.id and o.user_id = ${userId}
     where coalesce(o.bool_value, f.bool_value) = true) as flags`;

const viewerFromRow = (user: ViewerUser | null, row: FactsRow | undefined) =>
  policyViewer(user, { roles: row?.roles ?? [], blockedBy: row?.blocked_by ?? [], flags: row?.flags ?? [] });

/** One statement: the viewer's facts. */
async function loadFacts(em: EntityManager, user: ViewerUser | null): Promise<PolicyViewer> {
  // Runs in the caller's transaction, if any (a pool connection of its own could wait forever).
  const [row] = await preparedRows<FactsRow>(
    em,
    `select ${viewerFactsColumns('v.id')} from (select ?::varchar as id) v`,
    [user?.id ?? null],
  );
  return viewerFromRow(user, row);
}

/** Per request (one EntityManager fork each), the viewer's facts, loaded at most once while still current. */
const loaded = new WeakMap<EntityManager, { version: number; byUser: Map<string, Promise<PolicyViewer>> }>();
/** Moves on every change to roles, blocks or flags in this process, so facts loaded before are read again. */
let factsVersion = 0;

/** This EntityManager's facts by user id, emptied when they may have changed since. */
function factsOf(em: EntityManager): Map<string, Promise<PolicyViewer>> {
  let cache = loaded.get(em);
  if (cache?.version !== factsVersion) {
    cache = { version: factsVersion, byUser: new Map() };
    loaded.set(em, cache);
  }
  return cache.byUser;
}

/**
 * Remembers facts read beside another statement (the session's, which every signed-in request sends) for this
 * EntityManager as loadPolicyViewer's are, so the request's rules need no statement of their own. Call it before
 * that statement: facts read while a change moved the version are then kept only where nothing looks.
 */
export function policyViewerMemo(em: EntityManager): (user: ViewerUser, row: FactsRow) => void {
  const byUser = factsOf(em);
  return (user, row) => byUser.set(user.id, Promise.resolve(viewerFromRow(user, row)));
}

/** The viewer's facts for this request's EntityManager, with `user` as given (the rules read its fields). */
export async function loadPolicyViewer(em: EntityManager, user: ViewerUser | null): Promise<PolicyViewer> {
  const byUser = factsOf(em);
  const key = user?.id ?? '';
  let facts = byUser.get(key);
  if (!facts) {
    facts = loadFacts(em, user);
    // A failed load is not remembered: the next question tries again.
    facts.catch(() => byUser.delete(key));
    byUser.set(key, facts);
  }
  return { ...(await facts), user };
}

/**
 * Many viewers' facts in one statement (a newsletter batch asks the rules for each recipient), remembered for this
 * EntityManager as loadPolicyViewer's are. Returns each viewer by user id.
 */
export async function loadPolicyViewers(
  em: EntityManager,
  users: readonly ViewerUser[],
): Promise<Map<string, PolicyViewer>> {
  const ids = [...new Set(users.map((u) => u.id))];
  const byUser = factsOf(em);
  const rows = ids.length
    ? await em.execute<(FactsRow & { id: string })[]>(
        `select u.id, ${viewerFactsColumns('u.id')} from jsonb_array_elements_text(?::jsonb) as u(id)`,
        [JSON.stringify(ids)],
      )
    : [];
  const facts = new Map(rows.map((row) => [row.id, row]));
  const viewers = new Map<string, PolicyViewer>();
  for (const user of users) {
    const viewer = viewerFromRow(user, facts.get(user.id));
    byUser.set(user.id, Promise.resolve(viewer));
    viewers.set(user.id, viewer);
  }
  return viewers;
}

/** After a change to roles, blocks or flags: facts loaded before it are read again. */
export function forgetPolicyViewers(): void {
  factsVersion += 1;
}
