import { readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { DEMO } from '@quire/seed';
import { describe, expect, it } from 'vitest';
import { repoRoot, useOwnDatabase } from './own-database';

const db = useOwnDatabase('quire-bundled-');
const bundleInputs = path.join(repoRoot, 'apps/server/dist/inputs.json');
const start = () => db.start({ env: { LOG_LEVEL: 'info' }, viaQuire: true });

/** What a first-time reader sees works: a story page, a resized picture, GraphQL and a tRPC query. */
async function servesTheReader(origin: string) {
  const story = await fetch(`${origin}${DEMO.story.path}`);
  expect(story.status).toBe(200);
  const html = await story.text();
  expect(html.replaceAll('&#x27;', "'")).toContain(DEMO.story.title);
  const picture = /src="(\/media\/[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  expect(picture).toBeTruthy();
  const image = await fetch(`${origin}${picture}`);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\//);
  const gql = await fetch(`${origin}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ operationName: 'ViewerQuery', variables: {} }]),
  });
  expect(await gql.json()).toEqual([{ data: { viewer: null } }]);
  const latest = await fetch(`${origin}/trpc/posts.latest?input=${encodeURIComponent('{"limit":2}')}`);
  expect(latest.status).toBe(200);
}

describe('./quire start runs the bundled server (apps/server/start.mjs)', () => {
  it('boots a fresh machine from the bundle, serves the reader, and rebuilds the bundle only when a source changed', async () => {
    // First boot: a new database is made, migrated and seeded by the bundled server.
    let server = await start();
    await servesTheReader(server.origin);
    expect(server.output()).toContain('seeded demo content');
    expect(await server.stop('SIGTERM')).toBe(0);
    const built = JSON.parse(readFileSync(bundleInputs, 'utf8')) as { builtAt: number; inputs: string[] };
    expect(built.inputs).toContain(path.join(repoRoot, 'apps/server/src/main.ts'));
    expect(built.inputs).toContain(path.join(repoRoot, 'apps/reader/src/entry-server.tsx'));

    // A restart with nothing changed reuses the bundle.
    server = await start();
    expect(server.output()).not.toContain('bundled the server');
    await servesTheReader(server.origin);
    expect(await server.stop('SIGTERM')).toBe(0);

    // A changed source is bundled again before the start (a server-only file: the client builds stay as they are).
    const source = path.join(repoRoot, 'apps/server/src/health.ts');
    const later = new Date(Date.now() + 1000);
    utimesSync(source, later, later);
    server = await start();
    expect(server.output()).toContain('bundled the server');
    await servesTheReader(server.origin);
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
