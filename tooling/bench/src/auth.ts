// `pnpm bench:auth`: password sign-in throughput and latency at 20 connections on loopback, and the
// cost of one argon2 check with the production parameters.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '@quire/api';
import { connectDatabase, FeatureFlag, User } from '@quire/db';
import { startServer } from '@quire/e2e';
import autocannon from 'autocannon';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.join(repoRoot, '.data', 'bench-auth');
const port = 3902;
const pgPort = 54338;
const email = 'bench-login@example.com';
const password = 'a long benchmark password';

const db = await connectDatabase({ dataDir, embeddedPort: pgPort });
const em = db.orm.em.fork();
const flag =
  (await em.findOne(FeatureFlag, { name: 'enable_passwords' })) ??
  em.create(FeatureFlag, { name: 'enable_passwords' });
flag.boolValue = true;
const user =
  (await em.findOne(User, { email })) ??
  em.create(User, { name: 'Bench Login', username: 'benchlogin', email });
user.passwordHash = await hashPassword(password);
await em.flush();
await db.close();

// One check, measured alone.
const hash = await hashPassword(password);
const samples: number[] = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  await verifyPassword(hash, password);
  samples.push(performance.now() - t0);
}
samples.sort((a, b) => a - b);
const checkMs = samples[Math.floor(samples.length / 2)]!;

const server = await startServer({
  repoRoot,
  port,
  env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), SEED_DEMO: 'false', RUN_JOBS: 'false' },
});
let result: autocannon.Result;
try {
  result = await autocannon({
    url: `${server.origin}/trpc/auth.loginUser`,
    method: 'POST',
    connections: 20,
    duration: 10,
    headers: { 'content-type': 'application/json', cookie: 'xsrf=bench', 'x-xsrf-token': 'bench' },
    body: JSON.stringify({ email, password }),
  });
} finally {
  await server.stop();
}

const summary = {
  date: new Date().toISOString(),
  argon2: ARGON2_OPTIONS,
  oneCheckMedianMs: Math.round(checkMs * 10) / 10,
  loginsPerSecond: Math.round(result.requests.average * 10) / 10,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
};
const table = [
  `Sign-in bench ${summary.date} · 20 connections · 10 s · argon2id m=${ARGON2_OPTIONS.memoryCost} KiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}`,
  '',
  '| one password check (median) | logins/s | p50 ms | p99 ms | non-2xx | errors |',
  '|---:|---:|---:|---:|---:|---:|',
  `| ${summary.oneCheckMedianMs} ms | ${summary.loginsPerSecond} | ${summary.p50Ms} | ${summary.p99Ms} | ${summary.non2xx} | ${summary.errors} |`,
].join('\n');
mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
writeFileSync(path.join(repoRoot, 'bench/results/auth.json'), `${JSON.stringify(summary, null, 2)}\n`);
writeFileSync(path.join(repoRoot, 'bench/results/auth.md'), `${table}\n`);
console.log(table);
