import { buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', SERVER_TIMING: 'true' });

describe('Server-Timing on rendered pages (SERVER_TIMING=true)', () => {
  it('tells how long the context, the data, the render and the document took', async () => {
    const post = await buildPost(t.db.em(), { creator: await buildUser(t.db.em()) });
    const res = await t.page(`/p/${post.id}`);
    expect(res.statusCode).toBe(200);
    const phases = Object.fromEntries(
      [...String(res.headers['server-timing']).matchAll(/(\w+);dur=([\d.]+)/g)].map((m) => [
        m[1],
        Number(m[2]),
      ]),
    );
    expect(Object.keys(phases)).toEqual(['context', 'data', 'render', 'document']);
    for (const ms of Object.values(phases)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(phases.data).toBeGreaterThan(0);
  });
});
