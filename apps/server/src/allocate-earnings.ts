// `pnpm earnings:allocate [--day YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD]`: computes (or recomputes) the
// Partner Program ledger of a day or a range of days on the configured database (DATABASE_URL, or the embedded
// one under DATA_DIR). Without options it does what the daily job does: yesterday, and the week's missed days.
import { allocateDays } from '@quire/api';
import { earningsDayInput } from '@quire/domain';
import { loadConfig } from './config';
import { connectDatabase } from './database';
import { allocateDueDays } from './earnings-jobs';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const parsed = earningsDayInput.safeParse(args[i + 1]);
  if (!parsed.success) {
    console.error(`--${name}: ${parsed.error.issues[0]?.message ?? 'a day is written YYYY-MM-DD'}`);
    process.exit(2);
  }
  return parsed.data;
};
const day = option('day');
const from = option('from') ?? day;
const to = option('to') ?? day ?? from;
if ((from && !to) || (from && to && from > to)) {
  console.error('--from must not come after --to');
  process.exit(2);
}

const log = (m: string) => console.error(m);
const db = await connectDatabase(loadConfig(), log);
try {
  const days =
    from && to ? await allocateDays(db.orm.em.fork(), from, to) : await allocateDueDays(db.orm, new Date());
  for (const d of days) {
    console.log(
      `${d.day}: ${d.allocated} of ${d.revenue} cents allocated (${d.referrals} to referrers), ${d.readers} of ${d.members} members read, ${d.rows} rows, ${d.durationMs} ms`,
    );
  }
} finally {
  await db.close();
}
