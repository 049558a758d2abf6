// `pnpm test`: lint, typecheck, build, unit + integration tests, browser tests — every step runs,
// then one closing line `N passed, N failed` counts the tests; the exit code is non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The JSON reports are read for the counts and removed: nothing goes into the app's data directory (.data/).
const resultsDir = mkdtempSync(path.join(tmpdir(), 'quire-test-results-'));

interface Step {
  name: string;
  args: string[];
  /** vitest JSON report written by the step, for the test counts. */
  report?: string;
}

const steps: Step[] = [
  { name: 'lint', args: ['biome', 'check', '.'] },
  { name: 'typecheck', args: ['tsc', '-p', 'tsconfig.json'] },
  { name: 'build', args: ['run', 'build'] },
  { name: 'unit and integration tests', args: ['vitest', 'run'], report: 'unit.json' },
  { name: 'browser tests', args: ['vitest', 'run', '-c', 'vitest.e2e.config.ts'], report: 'e2e.json' },
];

let passed = 0;
let failed = 0;
const failedSteps: string[] = [];
for (const step of steps) {
  const reportPath = step.report ? path.join(resultsDir, step.report) : null;
  const args = reportPath
    ? [...step.args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`]
    : step.args;
  console.log(`\n── ${step.name}: pnpm ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync('pnpm', args, { cwd: root, stdio: 'inherit' });
  console.log(
    `── ${step.name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (run.status !== 0) failedSteps.push(step.name);
  if (reportPath && existsSync(reportPath)) {
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (reportPath) {
    failed += 1; // the runner died before reporting: count it as a failure, never as silence
  }
}

rmSync(resultsDir, { recursive: true, force: true });
if (failedSteps.length) console.log(`\nfailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length || failed ? 1 : 0);
