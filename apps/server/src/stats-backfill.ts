import { allStatsDays, rollupStatsDays } from '@quire/api';
import { loadConfig } from './config';
import { connectDatabase } from './database';

// `pnpm stats:backfill`: recomputes every day's stats rows from the events (idempotent; safe beside a running
// worker). With the embedded database, stop the server first (one process owns its data directory).
const log = (m: string) => process.stderr.write(`quire: ${m}\n`);
const db = await connectDatabase(loadConfig(), log);
try {
  const em = db.orm.em.fork();
  const days = await allStatsDays(em, new Date());
  const started = performance.now();
  await rollupStatsDays(em, days);
  log(`stats recomputed for ${days.length} days in ${Math.round(performance.now() - started)} ms`);
} finally {
  await db.close();
}
