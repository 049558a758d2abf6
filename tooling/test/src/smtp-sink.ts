// A real SMTP server on loopback for tests and benches (imported as `@quire/test-harness/smtp-sink`, apart from
// the harness's index, so a bench loads no vitest).
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  to: string;
  raw: string;
  messageId: string;
  headers: Record<string, string>;
}

/** Quoted-printable soft breaks and escapes undone, so a test can look for words in the parts. */
export const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The header block of a raw message, unfolded, by lower-cased name. */
function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

/**
 * A real SMTP server on loopback (smtp-server, by nodemailer's author): it refuses chosen recipients for good
 * (550) or for now (451, a number of times each), counts what it accepted (messages, bytes, copies per
 * recipient), and keeps each message unless `keepMessages` is false (a bench's 100,000 copies are counted, not
 * kept).
 */
export async function startSmtpSink(opts: { keepMessages?: boolean } = {}) {
  const keep = opts.keepMessages ?? true;
  const received: ReceivedMail[] = [];
  const copies = new Map<string, number>();
  const totals = { messages: 0, bytes: 0 };
  const permanent = new Set<string>();
  const transient = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (permanent.has(to)) return callback(smtpError('5.1.1 No such mailbox', 550));
      const left = transient.get(to) ?? 0;
      if (left > 0) {
        transient.set(to, left - 1);
        return callback(smtpError('4.2.1 Try again later', 451));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      stream.on('end', () => {
        const raw = keep ? Buffer.concat(chunks).toString('utf8') : '';
        const headers = keep ? headersOf(raw) : {};
        for (const rcpt of session.envelope.rcptTo) {
          const to = rcpt.address.toLowerCase();
          totals.messages += 1;
          totals.bytes += bytes;
          copies.set(to, (copies.get(to) ?? 0) + 1);
          if (keep) received.push({ to, raw, headers, messageId: headers['message-id'] ?? '' });
        }
        callback();
      });
    },
  });
  // A client that dies mid-message (a killed sender) resets its connection: that is its problem, not the sink's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every accepted copy, in order (empty unless `keepMessages`). */
    received,
    /** Copies accepted per recipient address (lower-cased). */
    copies,
    /** Copies accepted (one per recipient of a message) and their bytes. */
    totals,
    permanent,
    transient,
    to: (address: string) => received.filter((m) => m.to === address),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
