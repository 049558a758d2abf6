import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { issueApiToken } from '@quire/api';
import { Post } from '@quire/db';
import { buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();
const script = path.resolve(import.meta.dirname, '../../../tooling/api-smoke/publish-story.sh');

describe('publishing through /v1 with curl (tooling/api-smoke/publish-story.sh)', () => {
  it('publishes a Markdown story as the token’s writer', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Curl Writer' });
    const { token } = await issueApiToken(em, {
      user: writer,
      kind: 'INTEGRATION',
      name: 'ci script',
      scopes: ['basicProfile', 'publishPost'],
    });
    await em.flush();
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });

    const { stdout } = await promisify(execFile)('bash', [script, origin, token], { timeout: 30_000 });
    const story = await t.db
      .em()
      .findOneOrFail(Post, { creator: writer.id, title: 'Published with curl' }, { refresh: true });
    expect(story.status).toBe('PUBLISHED');
    expect(story.content.paragraphs.map((p) => p.type)).toEqual(['P', 'ULI', 'ULI']);
    expect(stdout.trim()).toContain(story.id);

    // A token without the scope is refused, and the script says so and fails.
    const { token: readOnly } = await issueApiToken(em, {
      user: writer,
      kind: 'INTEGRATION',
      name: 'read only',
      scopes: ['basicProfile'],
    });
    await em.flush();
    await expect(
      promisify(execFile)('bash', [script, origin, readOnly], { timeout: 30_000 }),
    ).rejects.toThrow();
  });
});
