import { afterEach, describe, expect, it } from 'vitest';
// packages/db cannot list the harness as a dependency (the harness depends on @quire/db), so import it by path.
import { useTestDatabase } from '../../../tooling/test/src/index';
import { observeQueries, preparedEntity, preparedRows, User } from '../src/index';

const db = useTestDatabase();
afterEach(() => observeQueries(null));

describe('preparedRows: the reads every page sends, as prepared statements', () => {
  it('binds each value (never writes it into the statement) and answers as the ORM would', async () => {
    const em = db.em();
    const tricky = "it's ? $1 -- not SQL";
    const sql = 'select ?::text as v, ?::int as n, ?::timestamptz as at';
    const at = new Date('2026-11-29T08:00:00.000Z');
    type Row = { v: string; n: number; at: string };
    const prepared = await preparedRows<Row>(em, sql, [tricky, 7, at]);
    const plain = await em.execute<Row[]>(sql, [tricky, 7, at]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toMatchObject({ v: tricky, n: 7 });
    expect(new Date(prepared[0]!.at).toISOString()).toBe(at.toISOString());
    // The pool's type parsers are the ORM's: timestamps come as PostgreSQL's text, for the ORM to map.
    expect(prepared).toEqual(plain);
  });

  it('is parsed and planned once per connection: PostgreSQL keeps it by name, with one generic plan', async () => {
    const em = db.em();
    const sql = "select count(*)::int as n from users where username = ? and name <> 'prepared-test'";
    for (let i = 0; i < 3; i++) await preparedRows(em, sql, ['nobody']);
    // Sequential queries reuse the pool's last idle connection, the one that ran the statement.
    const pool = await em.getConnection().getNativeClient();
    const { rows } = await pool.query<{
      name: string;
      statement: string;
      generic_plans: string;
      custom_plans: string;
    }>('select name, statement, generic_plans, custom_plans from pg_prepared_statements');
    const mine = rows.filter((r) => r.statement.includes("name <> 'prepared-test'"));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^q_[0-9a-f]{20}$/);
    expect(mine[0]!.statement).toContain('username = $1');
    // By default PostgreSQL plans a statement's first five runs for their values (planning each time).
    expect(mine[0]).toMatchObject({ generic_plans: '3', custom_plans: '0' });
  });

  it('reads inside a transaction on its connection, seeing what the transaction wrote', async () => {
    const em = db.em();
    const seen = await em.transactional(async (tx) => {
      tx.create(User, { name: 'Inside', username: 'prepared-inside' });
      await tx.flush();
      return preparedRows<{ n: number }>(tx, 'select count(*)::int as n from users where username = ?', [
        'prepared-inside',
      ]);
    });
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('is seen by the query observer (the statements-per-page test counts it)', async () => {
    const seen: string[] = [];
    observeQueries((sql) => seen.push(sql));
    await preparedRows(db.em(), 'select ?::int as one', [1]);
    expect(seen).toEqual(['select ?::int as one']);
  });

  it('maps an entity into the identity map as the ORM loads it (preparedEntity), or answers null', async () => {
    const em = db.em();
    const created = em.create(User, { name: 'Mapped Writer', username: 'prepared-mapped' });
    await em.flush();
    const fresh = db.em();
    const mapped = await preparedEntity(fresh, User, 'users', 't.username = ?', ['prepared-mapped']);
    expect(mapped).toBeInstanceOf(User);
    expect(mapped).toMatchObject({ id: created.id, name: 'Mapped Writer', isDeleted: false });
    expect(mapped!.createdAt).toBeInstanceOf(Date);
    expect(mapped!.createdAt.getTime()).toBe(created.createdAt.getTime());
    // The same instance the ORM hands out afterwards, and nothing to flush: the row was mapped, not changed.
    expect(await fresh.findOne(User, { username: 'prepared-mapped' })).toBe(mapped);
    fresh.getUnitOfWork().computeChangeSets();
    expect(fresh.getUnitOfWork().getChangeSets()).toHaveLength(0);
    expect(await preparedEntity(fresh, User, 'users', 't.username = ?', ['prepared-nobody'])).toBeNull();
  });
});
