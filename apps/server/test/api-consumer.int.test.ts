import { latestTitles, quireClient } from '@quire/api-consumer';
import { buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

describe('another service calling the API with the router types (tooling/api-consumer)', () => {
  it('reads over HTTP with the typed client, batched', async () => {
    const writer = await buildUser(t.db.em(), { name: 'Typed Writer' });
    await buildPost(t.db.em(), { creator: writer, title: 'Types travel well' });
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });

    expect(await latestTitles(origin, 5)).toContain('Types travel well');
    // Two calls in one tick go out as one batched request, each typed from its procedure.
    const client = quireClient(origin);
    const [latest, me] = await Promise.all([
      client.posts.latest.query({ limit: 1 }),
      client.viewer.me.query(),
    ]);
    expect(latest.posts).toHaveLength(1);
    expect(me).toBeNull();
    // A bad input is refused by the server's own schema, as for the reader.
    await expect(client.posts.latest.query({ limit: 500 })).rejects.toThrow();
  });
});
