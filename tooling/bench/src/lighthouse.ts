// `pnpm bench:lighthouse [--runs N]`: Lighthouse performance and accessibility (mobile emulation with
// throttling, its default) for the home page, a public story page and a members-only one, served by a
// production server on seeded data over loopback. Writes the medians to bench/results/lighthouse.json and lighthouse.md, and the
// full report of each page's last run under .data/bench-lighthouse/reports/.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { postPath } from '@quire/api';
import { Post } from '@quire/db';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@quire/e2e';
import { DEMO } from '@quire/seed';
import lighthouse, { type Result } from 'lighthouse';
import { numberOption, repoRoot, startSeededServer, writeResults } from './setup';

const runs = numberOption('runs', 3);
if (runs < 1) {
  console.error('--runs needs at least 1');
  process.exit(2);
}
const port = numberOption('port', 3904);
const pgPort = numberOption('pg-port', 54336);
const dataName = 'bench-lighthouse';
const reportsDir = path.join(repoRoot, '.data', dataName, 'reports');

/** A headless Chromium with a DevTools port for Lighthouse; stop() also removes its profile. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'quire-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Chromium's helper processes may still write into the profile for a moment after it exits: a profile
    // that cannot be removed yet is left in the temporary folder, it never stops the bench.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    } catch (error) {
      console.error(`lighthouse: left ${profile} behind (${(error as Error).message})`);
    }
  };
  try {
    // Chromium picks a free port and announces it on stderr.
    const devtoolsPort = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error('Chromium did not open its DevTools port in time')),
        30_000,
      );
      child.once('error', reject);
      child.once('exit', () => reject(new Error(`Chromium exited before it was ready:\n${output}`)));
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    child.stderr?.resume();
    return { port: devtoolsPort, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Metrics {
  score: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferBytes: number;
  scriptBytes: number;
  /** Lighthouse's measure of the host's CPU speed (higher is faster): scores taken on different hosts differ by it. */
  benchmarkIndex: number;
}

/** One Lighthouse run; a run whose trace came out broken (Lighthouse says to run again) is retried. */
async function audit(url: string, devtoolsPort: number, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: devtoolsPort,
      hostname: '127.0.0.1',
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse: ${error.code} ${error.message}`);
    console.error(`lighthouse: ${error.code}, running again`);
  }
}

function metricsOf(lhr: Result): Metrics {
  const value = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    if (v === undefined) throw new Error(`Lighthouse report has no value for ${id}`);
    return v;
  };
  const summary = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const bytes = (type: string) => summary?.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    transferBytes: bytes('total'),
    scriptBytes: bytes('script'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Audits of the last run that lose points or flag a problem, so the report says where to look. */
function findings(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

const { server, prepared: pages } = await startSeededServer({
  dataName,
  label: 'lighthouse',
  port,
  pgPort,
  // Background jobs would compete with the browser for the CPU the measurement depends on.
  env: { RUN_JOBS: 'false' },
  prepare: async (orm) => {
    const em = orm.em.fork();
    const pathOf = async (id: string) =>
      postPath(await em.findOneOrFail(Post, id, { populate: ['creator', 'collection'] }));
    return [
      { name: 'home', path: '/' },
      { name: 'public story', path: await pathOf(DEMO.story.id) },
      { name: 'members-only story', path: await pathOf(DEMO.lockedStory.id) },
    ];
  },
});

const rows: { name: string; path: string; runs: Metrics[]; median: Metrics; findings: string[] }[] = [];
let chromium: Awaited<ReturnType<typeof launchChromium>> | null = null;
try {
  chromium = await launchChromium();
  mkdirSync(reportsDir, { recursive: true });
  for (const page of pages) {
    const url = `${server.origin}${page.path}`;
    // The first render fills the page cache, as it is for every reader after the first.
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const results: Metrics[] = [];
    let last: Result | null = null;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const lhr = await audit(url, chromium.port);
      last = lhr;
      const metrics = metricsOf(lhr);
      results.push(metrics);
      console.error(
        `lighthouse: ${page.name} run ${i + 1}/${runs}: score ${metrics.score}, accessibility ${metrics.accessibility}, CLS ${metrics.cls.toFixed(3)}, FCP ${Math.round(metrics.fcpMs)} ms, LCP ${Math.round(metrics.lcpMs)} ms, TBT ${Math.round(metrics.tbtMs)} ms (${Math.round((performance.now() - started) / 1000)} s)`,
      );
    }
    const med = Object.fromEntries(
      (Object.keys(results[0]!) as (keyof Metrics)[]).map((k) => [k, median(results.map((r) => r[k]))]),
    ) as unknown as Metrics;
    const slug = page.name.replace(/\W+/g, '-');
    writeFileSync(path.join(reportsDir, `${slug}.json`), JSON.stringify(last));
    rows.push({ ...page, runs: results, median: med, findings: last ? findings(last) : [] });
  }
} finally {
  try {
    await chromium?.stop();
  } finally {
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;
const results = {
  date: new Date().toISOString(),
  lighthouse: (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version,
  machine: { cores: os.cpus().length, node: process.version },
  settings: { runs, formFactor: 'mobile', throttling: 'simulated (Lighthouse default)' },
  pages: rows,
};
const table = [
  `Lighthouse ${results.lighthouse} ${results.date} · performance and accessibility, mobile emulation with simulated throttling · median of ${runs} runs`,
  '',
  '| page | performance | accessibility | LCP | FCP | TBT | CLS | Speed Index | transfer | JS | host index |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    ({ name, median: m }) =>
      `| ${name} | ${m.score} | ${m.accessibility} | ${ms(m.lcpMs)} | ${ms(m.fcpMs)} | ${ms(m.tbtMs)} | ${m.cls.toFixed(3)} | ${ms(m.speedIndexMs)} | ${kb(m.transferBytes)} | ${kb(m.scriptBytes)} | ${Math.round(m.benchmarkIndex)} |`,
  ),
  '',
  "Host index: Lighthouse's benchmarkIndex of this machine's CPU (higher is faster). Simulated throttling multiplies the host's own task times, so the same pages score lower on a slower host.",
  '',
  ...rows.map((r) => `- ${r.name}: ${r.path} (scores ${r.runs.map((x) => x.score).join(', ')})`),
  ...rows.map((r) => `- ${r.name}, audits below 90: ${r.findings.join(', ') || 'none'}`),
].join('\n');
writeResults('lighthouse', results, table);
