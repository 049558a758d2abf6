import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { STAGED_CHUNK } from '@quire/reader/chunks';
import { repoRoot } from './config';

export const readerDist = path.join(repoRoot, 'apps/reader/dist');
export const editorDist = path.join(repoRoot, 'apps/editor/dist');

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Stylesheets up to this size go inline in every page: a separate file would block the first paint
 * for one more round trip on a phone, which costs more than these bytes. The reader's CSS with the
 * design system's tokens (a dark theme included) is about 34 KB, 7 KB once compressed with the page.
 */
export const INLINE_CSS_MAX_BYTES = 48 * 1024;

/** The hashed files a page needs: entry script, its imported chunks and CSS. */
export interface PageAssets {
  script: string;
  preloads: string[];
  /** The preloads the boot script evaluates before the entry, each in a task of its own (React). */
  stages: string[];
  /** Stylesheet URLs; empty when the CSS is inlined. */
  styles: string[];
  /** The whole CSS, for a <style> element, when it is small enough. */
  inlineCss?: string;
  /** Per lazily loaded module (by its source path), the chunk files to preload beyond `preloads`. */
  chunks?: Record<string, string[]>;
}

/** Reads Vite's manifest of the reader build; throws a clear error when the build is missing. */
export function readReaderAssets(base = '/static/reader/', dist = readerDist): PageAssets {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`The reader app is not built (${manifestPath} is missing): run \`pnpm build\`.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['src/entry-client.tsx'];
  if (!entry) throw new Error('The reader manifest has no entry for src/entry-client.tsx.');
  const styles = new Set<string>(entry.css ?? []);
  // The chunks a module needs (itself and its static imports), leaving out those already in `seen`.
  const closure = (key: string, seen: Set<string>, out = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file) || out.has(chunk.file)) return out;
    out.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const child of chunk.imports ?? []) closure(child, seen, out);
    return out;
  };
  const preloads = new Set<string>();
  for (const key of entry.imports ?? []) for (const file of closure(key, preloads)) preloads.add(file);
  const chunks = Object.fromEntries(
    Object.keys(manifest)
      .filter((key) => key !== 'src/entry-client.tsx' && key.startsWith('src/'))
      .map((key) => [key, [...closure(key, preloads)].map((f) => base + f)]),
  );
  const css = [...styles].map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const inline = Buffer.byteLength(css) <= INLINE_CSS_MAX_BYTES && !/<\/style/i.test(css);
  const staged = Object.values(manifest).filter((c) => c.name === STAGED_CHUNK && preloads.has(c.file));
  return {
    script: base + entry.file,
    preloads: [...preloads].map((f) => base + f),
    stages: staged.map((c) => base + c.file),
    styles: inline ? [] : [...styles].map((f) => base + f),
    ...(inline && css ? { inlineCss: css } : {}),
    chunks,
  };
}

/** Where each client app's sources live (the app and the workspace packages it bundles), and its build stamp. */
const CLIENT_BUILDS = [
  {
    stamp: 'apps/reader/dist/.vite/manifest.json',
    sources: ['apps/reader', 'packages/domain', 'packages/ui', 'packages/client-state'],
  },
  {
    stamp: 'apps/editor/dist/index.html',
    sources: ['apps/editor', 'packages/domain', 'packages/ui', 'packages/client-state', 'packages/editor'],
  },
];
/** Folders that never feed a client bundle. */
const NOT_BUNDLED = new Set(['dist', 'node_modules', 'test', 'bench', 'e2e']);

/** The newest modification time of the files under `dir`, and which file it was. */
function newestFile(dir: string): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && NOT_BUNDLED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const found = entry.isDirectory() ? newestFile(full) : { file: full, mtimeMs: statSync(full).mtimeMs };
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * Why the client apps must be built before serving, or null when their builds are newer than every source
 * that goes into them (after a `git pull`, changed sources are newer than the old bundles).
 */
export function clientBuildProblem(root = repoRoot): string | null {
  for (const build of CLIENT_BUILDS) {
    const stamp = path.join(root, build.stamp);
    if (!existsSync(stamp)) return `${build.stamp} is missing`;
    const builtAt = statSync(stamp).mtimeMs;
    const dirs = build.sources.map((dir) => path.join(root, dir)).filter((dir) => existsSync(dir));
    for (const source of [...dirs.map(newestFile), lockfile(root)]) {
      if (source && source.mtimeMs > builtAt)
        return `${path.relative(root, source.file)} changed since the last build`;
    }
  }
  return null;
}

const lockfile = (root: string) => {
  const file = path.join(root, 'pnpm-lock.yaml');
  return existsSync(file) ? { file, mtimeMs: statSync(file).mtimeMs } : null;
};
