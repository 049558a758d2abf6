import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config';

export const readerDist = path.join(repoRoot, 'apps/reader/dist');
export const editorDist = path.join(repoRoot, 'apps/editor/dist');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The hashed files a page needs: entry script, its imported chunks (modulepreload) and CSS. */
export interface PageAssets {
  script: string;
  preloads: string[];
  styles: string[];
}

/** Reads Vite's manifest of the reader build; throws a clear error when the build is missing. */
export function readReaderAssets(base = '/static/reader/'): PageAssets {
  const manifestPath = path.join(readerDist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`The reader app is not built (${manifestPath} is missing): run \`pnpm build\`.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['src/entry-client.tsx'];
  if (!entry) throw new Error('The reader manifest has no entry for src/entry-client.tsx.');
  const preloads = new Set<string>();
  const styles = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const key of entry.imports ?? []) visit(key);
  return {
    script: base + entry.file,
    preloads: [...preloads].map((f) => base + f),
    styles: [...styles].map((f) => base + f),
  };
}

/** Whether both client apps have been built. */
export function clientBuildsExist(): boolean {
  return (
    existsSync(path.join(readerDist, '.vite/manifest.json')) &&
    existsSync(path.join(editorDist, 'index.html'))
  );
}
