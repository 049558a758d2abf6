// Guards the package boundaries in biome.json: each forbidden import is reported, each allowed one is not.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BOUNDARY_RULES = new Set([
  'lint/style/noRestrictedImports',
  'lint/correctness/noNodejsModules',
  'plugin',
]);

interface Case {
  /** Where the import is written, as a path in the repo. */
  dir: string;
  source: string;
  reported: boolean;
}

const cases: Case[] = [
  { dir: 'packages/domain/src', source: "import { readFile } from 'node:fs/promises';", reported: true },
  { dir: 'packages/domain/src', source: "import { join } from 'node:path';", reported: true },
  { dir: 'packages/domain/src', source: "import { readFileSync } from 'fs';", reported: true },
  { dir: 'packages/domain/src', source: "import { em } from '@quire/db';", reported: true },
  { dir: 'packages/domain/src', source: "import type { AppRouter } from '@quire/api';", reported: true },
  { dir: 'packages/domain/src', source: "import { MikroORM } from '@mikro-orm/core';", reported: true },
  { dir: 'packages/domain/src', source: "import { z } from 'zod';", reported: false },
  { dir: 'apps/reader/src', source: "import type { AppRouter } from '@quire/api';", reported: false },
  { dir: 'apps/reader/src', source: "export type { PostCard } from '@quire/api';", reported: false },
  { dir: 'apps/reader/src', source: "import { appRouter } from '@quire/api';", reported: true },
  { dir: 'apps/reader/src', source: "import { type PostCard } from '@quire/api';", reported: true },
  { dir: 'apps/reader/src', source: "import * as api from '@quire/api';", reported: true },
  { dir: 'apps/reader/src', source: "import '@quire/api';", reported: true },
  { dir: 'apps/reader/src', source: "export { createCaller } from '@quire/api';", reported: true },
  { dir: 'apps/reader/src', source: "export const load = () => import('@quire/api');", reported: true },
  { dir: 'apps/reader/src', source: "import type { Context } from '@quire/api/src/trpc';", reported: true },
  { dir: 'apps/reader/src', source: "import { Step } from 'prosemirror-transform';", reported: true },
  { dir: 'apps/reader/src', source: "import { parseContent } from '@quire/editor';", reported: true },
  { dir: 'apps/reader/src', source: "import { em } from '@quire/db';", reported: true },
  { dir: 'apps/reader/src', source: "import { defineConfig } from '@mikro-orm/postgresql';", reported: true },
  { dir: 'apps/reader/src', source: "import { useState } from 'react';", reported: false },
  { dir: 'packages/ui/src', source: "import { EditorView } from 'prosemirror-view';", reported: true },
  { dir: 'packages/client-state/src', source: "import { createCaller } from '@quire/api';", reported: true },
  { dir: 'packages/graphql/src', source: "import { MikroORM } from '@mikro-orm/core';", reported: true },
  { dir: 'packages/graphql/src', source: "import { em } from '@quire/db';", reported: true },
  { dir: 'packages/graphql/src', source: "import { appRouter } from '@quire/api';", reported: false },
  { dir: 'packages/editor/src', source: "import { useState } from 'react';", reported: true },
  { dir: 'packages/editor/src', source: "import { createRoot } from 'react-dom/client';", reported: true },
  { dir: 'packages/editor/src', source: "import { Schema } from 'prosemirror-model';", reported: false },
  {
    dir: 'apps/server/src',
    source: "import { startFakeStripe } from '@quire/payments/testing';",
    reported: true,
  },
  {
    dir: 'packages/api/src',
    source: "const fake = await import('@quire/payments/testing');",
    reported: true,
  },
  {
    dir: 'apps/reader/src',
    source: "import type { FakeStripe } from '@quire/payments/testing';",
    reported: true,
  },
  {
    dir: 'packages/payments/src/testing',
    source: "import { toForm } from '@quire/payments/testing';",
    reported: false,
  },
  {
    dir: 'apps/server/test',
    source: "import { startFakeStripe } from '@quire/payments/testing';",
    reported: false,
  },
  {
    dir: 'apps/server/src',
    source: "import { createPaymentProvider } from '@quire/payments';",
    reported: false,
  },
];

let work = '';
const reportedFiles = new Set<string>();

beforeAll(() => {
  // A scratch copy of the config with the cases laid out at their repo paths, so the overrides apply as in the repo.
  work = realpathSync(mkdtempSync(path.join(tmpdir(), 'quire-boundaries-')));
  cpSync(path.join(root, 'biome.json'), path.join(work, 'biome.json'));
  mkdirSync(path.join(work, 'tooling/biome'), { recursive: true });
  for (const name of readdirSync(path.join(root, 'tooling/biome')).filter((n) => n.endsWith('.grit')))
    cpSync(path.join(root, 'tooling/biome', name), path.join(work, 'tooling/biome', name));
  cases.forEach((c, i) => {
    mkdirSync(path.join(work, c.dir), { recursive: true });
    writeFileSync(path.join(work, c.dir, `case${i}.ts`), `${c.source}\n`);
  });
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--reporter=github', '--max-diagnostics=none', '.'],
    { cwd: work, encoding: 'utf8' },
  );
  for (const line of run.stdout.split('\n')) {
    const m = /^::\w+ title=([^,]+),file=([^,]+),/.exec(line);
    if (m?.[1] && m[2] && BOUNDARY_RULES.has(m[1])) reportedFiles.add(path.relative(work, m[2]));
  }
  if (!reportedFiles.size) throw new Error(`biome reported nothing:\n${run.stdout}\n${run.stderr}`);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('package boundaries', () => {
  it.each(cases.map((c, i) => ({ ...c, file: path.join(c.dir, `case${i}.ts`) })))(
    '$dir: $source → reported: $reported',
    ({ file, reported }) => {
      expect(reportedFiles.has(file)).toBe(reported);
    },
  );
});
