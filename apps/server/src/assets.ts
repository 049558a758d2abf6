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

/**
 * Stylesheets up to this size go inline in every page: a separate file would block the first paint
 * for one more round trip on a phone, which costs more than these bytes.
 */
export const INLINE_CSS_MAX_BYTES = 24 * 1024;

/** The hashed files a page needs: entry script, its imported chunks (modulepreload) and CSS. */
export interface PageAssets {
  script: string;
  preloads: string[];
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
  return {
    script: base + entry.file,
    preloads: [...preloads].map((f) => base + f),
    styles: inline ? [] : [...styles].map((f) => base + f),
    ...(inline && css ? { inlineCss: css } : {}),
    chunks,
  };
}

/** Whether both client apps have been built. */
export function clientBuildsExist(): boolean {
  return (
    existsSync(path.join(readerDist, '.vite/manifest.json')) &&
    existsSync(path.join(editorDist, 'index.html'))
  );
}
