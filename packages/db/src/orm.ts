import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from './config';

export type Orm = MikroORM;

/** Connects to PostgreSQL and brings the schema up to date with the checked-in migrations. */
export async function openDatabase(url: string, options: { migrate?: boolean; poolMax?: number } = {}) {
  const orm = await MikroORM.init(createOrmConfig(url, { poolMax: options.poolMax }));
  if (options.migrate ?? true) await orm.migrator.up();
  return orm;
}
