import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');

/** Every source file of the reader, relative to src/. */
function sources(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(src, full)] : [];
  });
}

// The server renders the reader's modules from source, where Node cannot load a style sheet: the sheets come in
// through the browser's entry alone (and the compose editor's, which only the browser ever loads).
const MAY_IMPORT_CSS = new Set(['entry-client.tsx', 'pages/newsletter-admin/compose-editor.ts']);

describe('style sheets', () => {
  it('are imported only by the browser entry, never by a module the server renders', () => {
    const offenders = sources().filter(
      (file) =>
        !MAY_IMPORT_CSS.has(file) &&
        /^import\s+['"][^'"]+\.css['"]/m.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
