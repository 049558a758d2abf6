// `pnpm bench:editor`: the autosave of a 10,000-word story (payload size, save latency p50/p99 over
// sequential saves on loopback) and, when the editor app is built, keystroke-to-paint latency in
// Chromium on the same document (performance marks read through playwright-core).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createSession } from '@quire/api';
import { connectDatabase, Post, User } from '@quire/db';
import type { Paragraph, PostContent } from '@quire/domain';
import { startServer } from '@quire/e2e';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.join(repoRoot, '.data', 'bench-editor');
const port = 3903;
const pgPort = 54337;
const SAVES = 200;

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'sto',
  'ver',
  'an',
  'tel',
  'qu',
  'ir',
  'mor',
  'ple',
  'da',
  'xi',
  'ou',
  'ber',
];
/** Deterministic, varied words (a 32-bit LCG), so the payload compresses like prose rather than a loop. */
function wordAt(seed: number): string {
  let x = (seed * 1103515245 + 12345) >>> 0;
  let word = '';
  for (let n = 1 + (x % 3); n >= 0; n--) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    word += SYLLABLES[(x >>> 16) % SYLLABLES.length];
  }
  return word;
}

/** A 10,000-word story: 100 paragraphs of 100 words, every tenth a heading, with a few markups. */
export function longStory(words = 10_000): PostContent {
  const paragraphs: Paragraph[] = [];
  for (let i = 0; paragraphs.length * 100 < words; i++) {
    const text = Array.from({ length: 100 }, (_, w) => wordAt(i * 100 + w)).join(' ');
    paragraphs.push({
      name: `b${i.toString(16).padStart(3, '0')}`,
      type: i % 10 === 0 ? 'H3' : 'P',
      text,
      markups: i % 3 === 0 ? [{ type: 'STRONG', start: 4, end: 9 }] : [],
    });
  }
  return { paragraphs };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const db = await connectDatabase({ dataDir, embeddedPort: pgPort });
const em = db.orm.em.fork();
const user =
  (await em.findOne(User, { username: 'benchwriter' })) ??
  em.create(User, { name: 'Bench Writer', username: 'benchwriter', email: 'bench-writer@example.com' });
await em.flush();
const { token } = await createSession(em, user, { ip: '127.0.0.1', now: new Date() });
const post = em.create(Post, {
  creator: user,
  title: 'Bench draft',
  status: 'DRAFT',
  type: 'DRAFT',
  uniqueSlug: '',
});
post.uniqueSlug = post.id;
await em.flush();
await db.close();

const server = await startServer({
  repoRoot,
  port,
  env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), SEED_DEMO: 'false', RUN_JOBS: 'false' },
});
const content = longStory();
const keystrokes: number[] = [];
const headers = {
  'content-type': 'application/json',
  cookie: `sid=${token}; xsrf=bench`,
  'x-xsrf-token': 'bench',
};
const timings: number[] = [];
let payloadBytes = 0;
try {
  for (let i = 0; i < SAVES; i++) {
    content.paragraphs[i % content.paragraphs.length]!.text += ' more';
    const body = JSON.stringify({ id: post.id, baseRev: i, title: 'Bench draft', content });
    payloadBytes = Buffer.byteLength(body);
    const started = performance.now();
    const res = await fetch(`${server.origin}/trpc/posts.save`, { method: 'POST', headers, body });
    const json = (await res.json()) as { result?: { data?: { __typename?: string } } };
    timings.push(performance.now() - started);
    if (json.result?.data?.__typename !== 'Saved')
      throw new Error(`save ${i} failed: ${JSON.stringify(json).slice(0, 200)}`);
  }
  keystrokes.push(...(await measureKeystrokes(server.origin, post.id, token)));
} finally {
  await server.stop();
}
timings.sort((a, b) => a - b);
/**
 * Types into the end of the 10,000-word story in Chromium and reads the editor's 'keystroke'
 * performance measures (dispatch to the next paint).
 */
async function measureKeystrokes(origin: string, postId: string, sessionToken: string): Promise<number[]> {
  const { launchBrowser } = await import('@quire/e2e');
  const browser = await launchBrowser();
  try {
    const { hostname } = new URL(origin);
    await browser.context.addCookies([{ name: 'sid', value: sessionToken, domain: hostname, path: '/' }]);
    const page = await browser.context.newPage();
    await page.goto(`${origin}/p/${postId}/edit`);
    const body = page.locator('.ProseMirror').first();
    await body.waitFor({ timeout: 30_000 });
    await body.click();
    await page.keyboard.press('Control+End');
    await page.evaluate(() => performance.clearMeasures('keystroke'));
    for (const ch of 'the quick brown fox jumps over the lazy dog '.repeat(5)) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(15);
    }
    await page.waitForTimeout(200);
    return await page.evaluate(() => performance.getEntriesByName('keystroke').map((e) => e.duration));
  } finally {
    await browser.close();
  }
}

const keys = [...keystrokes].sort((a, b) => a - b);
const keystrokeP50 = keys.length ? Math.round(percentile(keys, 50) * 10) / 10 : null;
const keystrokeP95 = keys.length ? Math.round(percentile(keys, 95) * 10) / 10 : null;
const gzBytes = gzipSync(JSON.stringify({ id: post.id, baseRev: 0, title: 'Bench draft', content })).length;
const results = {
  date: new Date().toISOString(),
  words: 10_000,
  saves: SAVES,
  payloadBytes,
  payloadGzipBytes: gzBytes,
  saveP50Ms: Math.round(percentile(timings, 50) * 10) / 10,
  saveP99Ms: Math.round(percentile(timings, 99) * 10) / 10,
  keystrokes: keys.length,
  keystrokeP50Ms: keystrokeP50,
  keystrokeP95Ms: keystrokeP95,
};
const table = [
  `Editor bench ${results.date} · a 10,000-word story · ${SAVES} sequential autosaves on loopback`,
  '',
  '| autosave payload | gzipped | save p50 | save p99 | keystroke-to-paint p50 | p95 | keystrokes |',
  '|---:|---:|---:|---:|---:|---:|---:|',
  `| ${(payloadBytes / 1024).toFixed(1)} KB | ${(gzBytes / 1024).toFixed(1)} KB | ${results.saveP50Ms} ms | ${results.saveP99Ms} ms | ${keystrokeP50 ?? 'n/a'} ms | ${keystrokeP95 ?? 'n/a'} ms | ${keys.length} |`,
].join('\n');
mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
writeFileSync(path.join(repoRoot, 'bench/results/editor.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.join(repoRoot, 'bench/results/editor.md'), `${table}\n`);
console.log(table);
