import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPages } from '../src/lib/lazy-page';
import type { IndexedRoute } from '../src/lib/lazy-route-group';
import { type RouteModuleName, routeModules } from '../src/route-groups';
import { routeFor } from '../src/routes';

/** The line width the formatter keeps to (biome.json): a one-route list fits on one line. */
const LINE_WIDTH = 110;

/** route-index.gen.ts as the route modules define it today. */
function indexSource(index: [RouteModuleName, IndexedRoute[]][]): string {
  const q = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const entry = ([path, name]: IndexedRoute) => `[${q(path)}, ${q(name)}]`;
  const groups = index.map(([key, routes]) => {
    const oneLine = `  ${key}: [${routes.map(entry).join(', ')}],`;
    if (routes.length === 1 && oneLine.length <= LINE_WIDTH) return oneLine;
    const line = ([path, name]: IndexedRoute) =>
      `    ${entry([path, name])},`.length <= LINE_WIDTH
        ? `    ${entry([path, name])},`
        : `    [\n      ${q(path)},\n      ${q(name)},\n    ],`;
    return [`  ${key}: [`, ...routes.map(line), '  ],'].join('\n');
  });
  return [
    '// The patterns and names of the routes of each module in route-groups.ts, in their order: paths are matched before',
    '// the module loads. Written from the modules by apps/reader/test/route-index.test.ts (`vitest -u`): do not edit.',
    '',
    'export const routeIndex = {',
    ...groups,
    '} as const;',
    '',
  ].join('\n');
}

describe('the route index', () => {
  it('lists each lazily loaded route module’s patterns and names as the module defines them', async () => {
    const index = await Promise.all(
      (Object.keys(routeModules) as RouteModuleName[]).map(
        async (key) =>
          [key, (await routeModules[key].load()).map((r) => [r.path, r.name] as const)] as [
            RouteModuleName,
            IndexedRoute[],
          ],
      ),
    );
    await expect(indexSource(index)).toMatchFileSnapshot('../src/route-index.gen.ts');
  });

  it('names each route module by its file, whose exports hold the routes', async () => {
    for (const { id, load } of Object.values(routeModules)) {
      expect(existsSync(fileURLToPath(new URL(`../${id}`, import.meta.url))), id).toBe(true);
      const module: Record<string, unknown> = await import(/* @vite-ignore */ `../${id}`);
      expect(Object.values(module), id).toContain(await load());
    }
  });

  it('matches a path of a module not loaded yet, and hands its page the loaded route’s parts', async () => {
    const { route } = routeFor('/me/settings');
    expect(route.name).toBe('ShowSettings');
    expect(route.head).toBeUndefined();
    await loadPages([routeModules.settings.id, routeModules.account.id]);
    const settings = await routeModules.settings.load();
    const real = settings.find((r) => r.name === 'ShowSettings')!;
    expect(route).not.toBe(real);
    expect(route.head).toBe(real.head);
    // A dispatching route of a lazy module dispatches as the loaded one does.
    expect(routeFor('/@ada/edit').route.name).toBe('ShowUserEdit');
    expect(routeFor('/engine-room/edit').route.name).not.toBe('ShowUserEdit');
  });
});
