import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BOOT_SCRIPT } from '@quire/reader/server';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBuildProblem, INLINE_CSS_MAX_BYTES, readReaderAssets } from '../src/assets';
import { htmlDocument } from '../src/ssr';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A reader build with one entry, a shared chunk, a lazily loaded page and the given stylesheet. */
function fakeDist(css: string): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'quire-assets-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/entry-1.css'), css);
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      '_shared.js': { file: 'assets/shared-2.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime-6.js', name: 'runtime' },
      '_list.js': { file: 'assets/list-5.js', imports: ['_shared.js'] },
      'src/pages/PostPage.tsx': { file: 'assets/PostPage-4.js', imports: ['_shared.js', '_list.js'] },
      'src/entry-client.tsx': {
        file: 'assets/entry-3.js',
        isEntry: true,
        imports: ['_shared.js'],
        css: ['assets/entry-1.css'],
      },
    }),
  );
  return dist;
}

describe('reader page assets', () => {
  it('inlines a small stylesheet so the first paint waits for no other request', () => {
    const css = 'body{margin:0}.q-post-body{font-size:20px}';
    const assets = readReaderAssets('/static/reader/', fakeDist(css));
    expect(assets).toEqual({
      script: '/static/reader/assets/entry-3.js',
      preloads: ['/static/reader/assets/shared-2.js', '/static/reader/assets/runtime-6.js'],
      // React is evaluated on its own before the entry.
      stages: ['/static/reader/assets/runtime-6.js'],
      styles: [],
      inlineCss: css,
      chunks: {
        'src/pages/PostPage.tsx': ['/static/reader/assets/PostPage-4.js', '/static/reader/assets/list-5.js'],
      },
    });
    const html = htmlDocument({ title: 'T', body: '<p>x</p>', assets });
    expect(html).toContain(`<style>${css}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('links a stylesheet that is too large to inline', () => {
    const css = `body{margin:0}${'.a{color:red}'.repeat(INLINE_CSS_MAX_BYTES / 10)}`;
    const assets = readReaderAssets('/static/reader/', fakeDist(css));
    expect(assets.styles).toEqual(['/static/reader/assets/entry-1.css']);
    expect(assets.inlineCss).toBeUndefined();
    const html = htmlDocument({ title: 'T', body: '', assets });
    expect(html).toContain('<link rel="stylesheet" href="/static/reader/assets/entry-1.css">');
    expect(html).not.toContain('<style>');
  });

  it('links a stylesheet that would end the <style> element early', () => {
    const assets = readReaderAssets('/static/reader/', fakeDist('.a::after{content:"</style><script>"}'));
    expect(assets.styles).toEqual(['/static/reader/assets/entry-1.css']);
    expect(assets.inlineCss).toBeUndefined();
  });
});

describe('starting the app after the first paint', () => {
  const state = { pages: ['src/pages/PostPage.tsx', 'src/pages/Unknown.tsx'] } as Parameters<
    typeof htmlDocument
  >[0]['state'];

  it('has no script that the first paint waits for: only the inline boot script and JSON blocks', () => {
    const assets = readReaderAssets('/static/reader/', fakeDist('body{margin:0}'));
    const html = htmlDocument({ title: 'T', body: '<p>x</p>', assets, state });
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      '',
      ' type="application/json" id="__QUIRE_STATE__"',
      ' type="application/json" id="__QUIRE_BOOT__"',
    ]);
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script>`);
    // Nothing is fetched for the scripts before the page is painted: the boot script asks for them then.
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('names the entry and preloads only the chunks of the pages a render used, each once', () => {
    const assets = readReaderAssets('/static/reader/', fakeDist('body{margin:0}'));
    const html = htmlDocument({ title: 'T', body: '', assets, state });
    const boot = JSON.parse(html.match(/id="__QUIRE_BOOT__">(.*?)<\/script>/s)![1]!);
    expect(boot).toEqual({
      entry: '/static/reader/assets/entry-3.js',
      // The entry's own chunks are fetched by importing it; preloading them too costs the main thread.
      preload: ['/static/reader/assets/PostPage-4.js', '/static/reader/assets/list-5.js'],
      stages: ['/static/reader/assets/runtime-6.js'],
    });
  });
});

describe('clientBuildProblem', () => {
  // Regression: after a pull, a start served the old bundles because only the builds' presence was checked.
  it('asks for a build when a bundled source is newer than the build, and not otherwise', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'quire-builds-'));
    dirs.push(root);
    const write = (file: string, mtimeSeconds: number) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), 'x');
      utimesSync(path.join(root, file), mtimeSeconds, mtimeSeconds);
    };
    write('apps/reader/src/App.tsx', 1000);
    write('packages/domain/src/index.ts', 1000);
    write('apps/editor/src/main.tsx', 1000);
    expect(clientBuildProblem(root)).toBe('apps/reader/dist/.vite/manifest.json is missing');
    write('apps/reader/dist/.vite/manifest.json', 2000);
    write('apps/editor/dist/index.html', 2000);
    // Tests and the builds' own files never ask for a build.
    write('apps/reader/test/page.test.tsx', 3000);
    expect(clientBuildProblem(root)).toBeNull();
    write('packages/domain/src/messages.ts', 3000);
    expect(clientBuildProblem(root)).toBe('packages/domain/src/messages.ts changed since the last build');
    write('apps/reader/dist/.vite/manifest.json', 4000);
    expect(clientBuildProblem(root)).toBe('packages/domain/src/messages.ts changed since the last build');
    write('apps/editor/dist/index.html', 4000);
    expect(clientBuildProblem(root)).toBeNull();
  });
});
