import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzipped bytes (level 9) of each file, as the post page's JavaScript is weighed. */
export const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/**
 * What the reader's libraries weigh on their own: apps/reader/bench's two pages built for production, each
 * entry with every chunk it imports, gzipped. Null when the build fails (the bench reports it missing).
 */
export function libraryFloor(repoRoot: string): { reactDomOnly: number; libraries: number } | null {
  const readerDir = path.join(repoRoot, 'apps/reader');
  const build = spawnSync(
    path.join(readerDir, 'node_modules/.bin/vite'),
    ['build', '-c', 'vite.floor.config.ts'],
    {
      cwd: readerDir,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) {
    console.error(`bench: the library floor build failed:\n${build.stderr}`);
    return null;
  }
  const outDir = path.join(readerDir, 'node_modules/.library-floor');
  const manifest: Record<string, { file: string; imports?: string[] }> = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  );
  const weigh = (entry: string) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    visit(entry);
    return [...seen].reduce(
      (sum, key) => sum + gzipBytes(readFileSync(path.join(outDir, manifest[key]!.file))),
      0,
    );
  };
  return { reactDomOnly: weigh('bench/react-dom-only.tsx'), libraries: weigh('bench/library-floor.tsx') };
}
