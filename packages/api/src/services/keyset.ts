import type { EntityManager, FilterQuery, FindOptions, Loaded } from '@mikro-orm/postgresql';

/*
 * Keyset paging: a page ends with the cursor of its last row, and the next page starts strictly after it,
 * so rows inserted meanwhile never shift a page. Lists order by (field desc, id desc); a queue read oldest
 * first orders by (field asc, id asc) with afterTimeAscending.
 */

/** A cursor after a row ordered by a time, newest first. */
export interface TimeCursor {
  at: string | Date;
  id: string;
}

/** A cursor after a row ordered by a score, highest first. */
export interface ScoreCursor {
  score: number;
  id: string;
}

/** Rows strictly after `cursor` in (field desc, id desc) order. */
export function afterTime<T>(field: string, cursor: TimeCursor | null | undefined): FilterQuery<T> {
  if (!cursor) return {} as FilterQuery<T>;
  const at = new Date(cursor.at);
  return {
    $or: [{ [field]: { $lt: at } }, { [field]: at, id: { $lt: cursor.id } }],
  } as FilterQuery<T>;
}

/** Rows strictly after `cursor` in (field asc, id asc) order: a queue, oldest first. */
export function afterTimeAscending<T>(field: string, cursor: TimeCursor | null | undefined): FilterQuery<T> {
  if (!cursor) return {} as FilterQuery<T>;
  const at = new Date(cursor.at);
  return {
    $or: [{ [field]: { $gt: at } }, { [field]: at, id: { $gt: cursor.id } }],
  } as FilterQuery<T>;
}

/** Rows strictly after `cursor` in (field desc, id desc) order, for a numeric field. */
export function afterScore<T>(field: string, cursor: ScoreCursor | null | undefined): FilterQuery<T> {
  if (!cursor) return {} as FilterQuery<T>;
  return {
    $or: [{ [field]: { $lt: cursor.score } }, { [field]: cursor.score, id: { $lt: cursor.id } }],
  } as FilterQuery<T>;
}

/** Splits `limit + 1` fetched rows into a page and the cursor after its last row (null at the end). */
export function pageOf<R, C>(
  rows: R[],
  limit: number,
  cursorOf: (row: R) => C,
): { rows: R[]; next: C | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** Where a time-ordered page starts and how long it is. */
export interface TimePageArgs {
  cursor: TimeCursor | null | undefined;
  limit: number;
}

/** One page of `entity` rows matching `where`, newest `field` first (then id), after the cursor. */
export async function newestFirst<E extends { id: string }, const F extends string = never>(
  em: EntityManager,
  entity: new (...args: never[]) => E,
  field: NoInfer<keyof E & string>,
  where: FilterQuery<NoInfer<E>>,
  { cursor, limit }: TimePageArgs,
  fields?: FindOptions<NoInfer<E>, never, F>['fields'],
): Promise<{ rows: Loaded<E, never, F>[]; next: TimeCursor | null }> {
  const rows = await em.find(entity, { $and: [where, afterTime<E>(field, cursor)] } as FilterQuery<E>, {
    fields,
    orderBy: { [field]: 'desc', id: 'desc' } as never,
    limit: limit + 1,
  });
  return pageOf(rows, limit, (r) => {
    const row = r as unknown as E;
    return { at: ((row[field] as Date | null) ?? new Date(0)).toISOString(), id: row.id };
  });
}
