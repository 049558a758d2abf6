// `pnpm payouts:run [--user <userId> --month YYYY-MM]`: pays Partner Program writers on the configured database
// (DATABASE_URL, or the embedded one under DATA_DIR). Without options it does what the daily job does; with them
// it pays one writer for one month and says clearly why not when it cannot (no connected account, say).
import { payOutWriter, runMonthlyPayouts } from '@quire/api';
import { loadConfig } from './config';
import { connectDatabase } from './database';
import { payoutEnvironment } from './partner-jobs';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? undefined : args[i + 1];
};
const user = option('user');
const month = option('month');
if (!!user !== !!month || (month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))) {
  console.error('Give both --user <userId> and --month YYYY-MM, or neither.');
  process.exit(2);
}

const log = (m: string) => console.error(m);
const config = loadConfig();
const db = await connectDatabase(config, log);
let failed = false;
try {
  const env = await payoutEnvironment(db.orm, config);
  if (user && month) {
    try {
      const result = await payOutWriter(
        db.orm.em.fork(),
        env,
        user,
        new Date(`${month}-01T00:00:00Z`),
        new Date(),
      );
      console.log(JSON.stringify(result));
    } catch (error) {
      console.error((error as Error).message);
      failed = true;
    }
  } else {
    console.log(JSON.stringify(await runMonthlyPayouts(db.orm.em.fork(), env, new Date(), log)));
  }
} finally {
  await db.close();
}
if (failed) process.exit(1);
