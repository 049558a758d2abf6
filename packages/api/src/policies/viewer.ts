import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
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

interface FactsRow {
  roles: [string, CollectionRole][] | null;
  blocked_by: string[] | null;
  flags: string[] | null;
}

/** One statement: the viewer's roles, who blocked them, and the flags on for them (an override wins). */
async function loadFacts(em: EntityManager, user: ViewerUser | null): Promise<PolicyViewer> {
  const id = user?.id ?? null;
  // em.execute runs in the caller's transaction, if any (a pool connection of its own could wait forever).
  const [row] = await em.execute<FactsRow[]>(
    `select
       (select json_agg(json_build_array(m.collection_id, m.role)) from collection_members m
         where m.user_id = ?) as roles,
       (select array_agg(b.blocker_id) from blocks b where b.blocked_id = ?) as blocked_by,
       (select array_agg(f.name) from feature_flags f
          left join feature_flag_overrides o on o.flag_id = f.id and o.user_id = ?
         where coalesce(o.bool_value, f.bool_value) = true) as flags`,
    [id, id, id],
  );
  return policyViewer(user, {
    roles: row?.roles ?? [],
    blockedBy: row?.blocked_by ?? [],
    flags: row?.flags ?? [],
  });
}

/** Per request (one EntityManager fork each), the viewer's facts, loaded at most once while still current. */
const loaded = new WeakMap<EntityManager, { version: number; byUser: Map<string, Promise<PolicyViewer>> }>();
/** Moves on every change to roles, blocks or flags in this process, so facts loaded before are read again. */
let factsVersion = 0;

/** The viewer's facts for this request's EntityManager, with `user` as given (the rules read its fields). */
export async function loadPolicyViewer(em: EntityManager, user: ViewerUser | null): Promise<PolicyViewer> {
  let cache = loaded.get(em);
  if (cache?.version !== factsVersion) {
    cache = { version: factsVersion, byUser: new Map() };
    loaded.set(em, cache);
  }
  const { byUser } = cache;
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
  const rows = ids.length
    ? await em.execute<(FactsRow & { id: string })[]>(
        `select u.id,
           (select json_agg(json_build_array(m.collection_id, m.role)) from collection_members m
             where m.user_id = u.id) as roles,
           (select array_agg(b.blocker_id) from blocks b where b.blocked_id = u.id) as blocked_by,
           (select array_agg(f.name) from feature_flags f
              left join feature_flag_overrides o on o.flag_id = f.id and o.user_id = u.id
             where coalesce(o.bool_value, f.bool_value) = true) as flags
         from jsonb_array_elements_text(?::jsonb) as u(id)`,
        [JSON.stringify(ids)],
      )
    : [];
  let cache = loaded.get(em);
  if (cache?.version !== factsVersion) {
    cache = { version: factsVersion, byUser: new Map() };
    loaded.set(em, cache);
  }
  const facts = new Map(rows.map((row) => [row.id, row]));
  const viewers = new Map<string, PolicyViewer>();
  for (const user of users) {
    const row = facts.get(user.id);
    const viewer = policyViewer(user, {
      roles: row?.roles ?? [],
      blockedBy: row?.blocked_by ?? [],
      flags: row?.flags ?? [],
    });
    cache.byUser.set(user.id, Promise.resolve(viewer));
    viewers.set(user.id, viewer);
  }
  return viewers;
}

/** After a change to roles, blocks or flags: facts loaded before it are read again. */
export function forgetPolicyViewers(): void {
  factsVersion += 1;
}
