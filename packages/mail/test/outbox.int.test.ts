import { EmailOutbox } from '@quire/db';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPendingEmails, emailSettingsUrl, enqueueEmail, RETRY_DELAYS_MS } from '../src';

const db = useTestDatabase();
const received: { to: string; body: string }[] = [];
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  // A real SMTP peer on loopback: nodemailer speaks the protocol to it as it would to a provider.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('email outbox', () => {
  it('sends only what committed, exactly once, over SMTP', async () => {
    const em = db.em();
    // A rolled-back change leaves no email behind.
    await expect(
      em.transactional(async (tx) => {
        enqueueEmail(tx, {
          category: 'transactional',
          to: 'ghost@example.com',
          subject: 'Never',
          template: 'plain',
          payload: { text: 'x' },
        });
        await tx.flush();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await em.transactional(async (tx) => {
      enqueueEmail(tx, {
        category: 'transactional',
        to: 'reader@example.com',
        subject: 'Welcome',
        template: 'plain',
        payload: { text: 'Hello there' },
      });
    });
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const first = await deliverPendingEmails(db.em(), transport, { from: 'Quire <noreply@quire.test>' });
    const second = await deliverPendingEmails(db.em(), transport, { from: 'Quire <noreply@quire.test>' });
    expect(first).toEqual({ sent: 1, failed: 0 });
    expect(second).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('reader@example.com');
    expect(received[0]!.body).toContain('Hello there');
    expect(await db.em().count(EmailOutbox, { to: 'ghost@example.com' })).toBe(0);
  });

  it('keeps a failed send for a later retry with backoff', async () => {
    const em = db.em();
    await em.transactional(async (tx) => {
      enqueueEmail(tx, {
        category: 'transactional',
        to: 'later@example.com',
        subject: 'Retry me',
        template: 'plain',
        dedupeKey: 'retry-1',
      });
    });
    const now = new Date(Date.now() + 1000);
    const closedPort = nodemailer.createTransport({
      host: '127.0.0.1',
      port: 1,
      secure: false,
      connectionTimeout: 500,
    });
    const result = await deliverPendingEmails(db.em(), closedPort, { from: 'noreply@quire.test', now });
    expect(result.failed).toBe(1);
    const row = await db.em().findOneOrFail(EmailOutbox, { dedupeKey: 'retry-1' });
    expect(row.status).toBe('PENDING');
    expect(row.attempts).toBe(1);
    expect(row.availableAt.getTime()).toBe(now.getTime() + RETRY_DELAYS_MS[0]!);
  });

  it('sends List-Unsubscribe and its one-click POST on a setting email, and none on security mail', async () => {
    const em = db.em();
    const writer = await buildUser(em, { email: 'headers-writer@example.com' });
    const off = await buildUser(em, { email: 'headers-off@example.com' });
    off.emailFollower = false;
    await em.flush();
    const links = { publicUrl: 'https://quire.test', secret: 'a'.repeat(64) };
    await em.transactional(async (tx) => {
      expect(
        enqueueEmail(tx, {
          category: 'emailFollower',
          recipient: writer,
          to: writer.email!,
          subject: 'Someone followed you',
          template: 'notification',
          payload: { text: 'Someone followed you.' },
        }),
      ).not.toBeNull();
      // Turned off: not queued at all.
      expect(
        enqueueEmail(tx, {
          category: 'emailFollower',
          recipient: off,
          to: off.email!,
          subject: 'Someone followed you',
          template: 'notification',
        }),
      ).toBeNull();
      enqueueEmail(tx, {
        category: 'security',
        to: writer.email!,
        subject: 'Sign in',
        template: 'magic-link',
        payload: { text: 'Sign in with this link.' },
      });
    });
    expect(await db.em().count(EmailOutbox, { to: off.email! })).toBe(0);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    received.length = 0;
    await deliverPendingEmails(db.em(), transport, { from: 'noreply@quire.test', links });
    const notification = received.find((m) => m.body.includes('Someone followed you.'))!;
    const signIn = received.find((m) => m.body.includes('Sign in with this link.'))!;
    const url = emailSettingsUrl(links, writer.id, 'emailFollower');
    const unfolded = notification.body.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toContain(`List-Unsubscribe: <${url}>`);
    expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(url).toMatch(
      /^https:\/\/quire\.test\/me\/email-settings\/[0-9a-f]+\/[\w-]{43}\?setting=emailFollower$/,
    );
    expect(signIn.body).not.toMatch(/List-Unsubscribe/i);
  });
});
