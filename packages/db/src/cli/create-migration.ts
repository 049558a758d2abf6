// Writes a new migration from the difference between the entities and the last snapshot.
// Runs against a throwaway embedded PostgreSQL so no local server is needed.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from '../config';
import { startEmbeddedPostgres } from '../embedded';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-migration-'));
chmodSync(dir, 0o755); // the postgres system user must reach its data directory
const pg = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'pg'),
  port: 54000 + (process.pid % 1000),
  persistent: false,
  quiet: true,
  fast: true,
});
try {
  const orm = await MikroORM.init(createOrmConfig(pg.urlFor('postgres')));
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, false, process.argv[2]);
  console.log(result.fileName ? `created ${result.fileName}` : 'no schema changes');
  await orm.close();
} finally {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
