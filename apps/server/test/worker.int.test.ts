import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmailOutbox } from '@quire/db';
import { enqueueEmail } from '@quire/mail';
import { useTestDatabase } from '@quire/test-harness';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startWorker } from '../src/worker';

const db = useTestDatabase();
const received: string[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('the job worker', () => {
  it('starts pg-boss on the database and delivers queued mail within seconds', async () => {
    const heartbeat = path.join(mkdtempSync(path.join(tmpdir(), 'quire-worker-')), 'heartbeat');
    const config = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      WORKER_HEARTBEAT_FILE: heartbeat,
    });
    const worker = await startWorker({ orm: db.orm, url: db.url, config, log: () => {} });
    try {
      const em = db.em();
      enqueueEmail(em, {
        category: 'transactional',
        to: 'queued@example.com',
        subject: 'Queued',
        template: 'plain',
        payload: { text: 'hi' },
      });
      await em.flush();
      await expect.poll(() => received, { timeout: 10_000, interval: 200 }).toContain('queued@example.com');
      const row = await db.em().findOneOrFail(EmailOutbox, { to: 'queued@example.com' });
      expect(row.status).toBe('SENT');
      const schema = await db.orm.em
        .getConnection()
        .execute(`select 1 from information_schema.schemata where schema_name = 'pgboss'`);
      expect(schema).toHaveLength(1);
      // A container's health check reads the heartbeat the outbox sweep leaves.
      await expect.poll(() => existsSync(heartbeat), { timeout: 10_000, interval: 200 }).toBe(true);
    } finally {
      await worker.stop();
    }
  });
});
