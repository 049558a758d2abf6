import { createHash } from 'node:crypto';
import type { EntityClass, EntityDictionary, EntityManager } from '@mikro-orm/postgresql';
import { noteQuery } from './query-observer';

/** A statement as PostgreSQL prepares it: a name from its text, and `$n` where the text had `?`. */
interface Prepared {
  name: string;
  text: string;
}

const preparedByText = new Map<string, Prepared>();

function prepare(sql: string): Prepared {
  let prepared = preparedByText.get(sql);
  if (!prepared) {
    let n = 0;
    prepared = {
      name: `q_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
      text: sql.replace(/\?/g, () => `$${++n}`),
    };
    preparedByText.set(sql, prepared);
  }
  return prepared;
}

/**
 * The rows of a read every page sends, as a named prepared statement: each pooled connection parses and plans it
 * once, then only binds and runs it (the ORM sends every statement as new text with its values written in, which
 * PostgreSQL parses and plans each time; for a story page's statements planning took longer than running them).
 * The pool's connections use generic plans (createOrmConfig): by default PostgreSQL planned Read next for its
 * values on every run, 1.7-2.6 ms of planning for 0.3 ms of work.
 * `sql` is fixed text with `?` for each value (and no other `?`); values are bound, never written into it. Inside a
 * transaction it runs as an ordinary statement on the transaction's connection.
 */
export async function preparedRows<T>(
  em: EntityManager,
  sql: string,
  values: readonly unknown[],
): Promise<T[]> {
  if (em.isInTransaction()) return em.execute<T[]>(sql, [...values]);
  const { name, text } = prepare(noteQuery(sql));
  const pool = await em.getConnection().getNativeClient();
  return (await pool.query({ name, text, values: [...values] })).rows as T[];
}

/**
 * The one `entity` row of `table` (aliased `t`) that `where` selects, read by preparedRows and mapped into the
 * identity map as the ORM would load it (em.map), or null: for the lookups every page of a kind starts with (a
 * profile's writer, a topic's tag), where building and mapping an ORM query cost more than the statement.
 */
export async function preparedEntity<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  table: string,
  where: string,
  values: readonly unknown[],
): Promise<T | null> {
  const [row] = await preparedRows<{ row: EntityDictionary<T> }>(
    em,
    `select to_jsonb(t) as row from ${table} t where ${where} limit 1`,
    values,
  );
  return row ? em.map(entity, row.row) : null;
}
