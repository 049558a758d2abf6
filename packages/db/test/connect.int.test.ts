import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tooling/test/src/cluster';
import { connectDatabase } from '../src/connect';
import { User } from '../src/modules/users/user.entity';

const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-connect-'));
chmodSync(dir, 0o755); // the postgres system user must reach its data directory
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('connectDatabase without DATABASE_URL', () => {
  it('starts the embedded PostgreSQL, migrates, and keeps the data across restarts', async () => {
    const port = await freePort();
    const first = await connectDatabase({ dataDir: dir, embeddedPort: port });
    const em = first.orm.em.fork();
    em.create(User, { name: 'Kept', username: 'kept-across-restarts' });
    await em.flush();
    await first.close();

    const second = await connectDatabase({ dataDir: dir, embeddedPort: port });
    try {
      expect(await second.orm.migrator.getPending()).toEqual([]);
      const user = await second.orm.em.fork().findOne(User, { username: 'kept-across-restarts' });
      expect(user?.name).toBe('Kept');
    } finally {
      await second.close();
    }
  });
});
