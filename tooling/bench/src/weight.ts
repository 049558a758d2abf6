// `pnpm bench:weight`: every script a first-time visitor's browser loads for the demo story page, the members-only
// story and the home page, file by file, from a production server on the bench data (quicker than `pnpm bench`,
// which reports the story page's total among its rows).
import { DEMO } from '@quire/seed';
import { scriptWeight } from './script-weight';
import { numberOption, startSeededServer, writeResults } from './setup';

const { server } = await startSeededServer({
  dataName: 'bench',
  label: 'weight',
  port: numberOption('port', 3902),
  pgPort: numberOption('pg-port', 54339),
  prepare: async () => null,
});
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const pages = [
  { name: 'story', path: DEMO.story.path },
  { name: 'members-only story', path: `/p/${DEMO.lockedStory.id}` },
  { name: 'home', path: '/' },
];
const results = [];
const lines = ['| page | scripts | gzipped KB | on the wire KB |', '|---|---:|---:|---:|'];
const files: string[] = [];
try {
  for (const page of pages) {
    const weight = await scriptWeight(`${server.origin}${page.path}`);
    results.push({ ...page, ...weight });
    lines.push(
      `| ${page.name} | ${weight.scripts.length} | ${kb(weight.gzipBytes)} | ${kb(weight.transferBytes)} |`,
    );
    files.push(
      `\n${page.name} (${page.path}):`,
      ...weight.scripts.map((s) => `  ${kb(s.gzipBytes).padStart(6)} KB  ${s.path}`),
    );
  }
} finally {
  await server.stop();
}
writeResults('weight', results, [...lines, ...files].join('\n'));
