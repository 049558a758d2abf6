import { fanOutQueuedIssues, type NewsletterSendOptions, sendNewsletters } from '@quire/api';
import type { Orm } from '@quire/db';
import { createNewsletterTransport, outboxNewsletterMailer, smtpNewsletterMailer } from '@quire/mail';
import type { PgBoss } from 'pg-boss';
import { emailLinkSigner, type ServerConfig } from './config';

/** The newsletter queues: writing an issue's recipients, and sending due copies. */
export const NEWSLETTER_QUEUES = { fanOut: 'newsletter.fan-out', send: 'newsletter.send' } as const;

/**
 * How often the worker looks for queued issues and due copies. Publishing writes the issue row in its own
 * transaction (the row is the order, so an issue is never lost between the commit and a queue); the scheduled
 * jobs catch up anything left, and any number of workers share the work (claims skip locked rows).
 */
const NEWSLETTER_POLL_MS = 2000;

/**
 * Newsletter issues (spec §1): fan-out and sending, through a pooled SMTP transport at
 * NEWSLETTER_RATE_PER_SECOND when SMTP_URL is set, else into the outbox and the dev mail page.
 */
export async function scheduleNewsletterJobs(
  boss: PgBoss,
  orm: Orm,
  config: ServerConfig,
  log: (m: string) => void,
) {
  const mailer = config.SMTP_URL
    ? smtpNewsletterMailer(
        createNewsletterTransport(config.SMTP_URL, {
          ratePerSecond: config.NEWSLETTER_RATE_PER_SECOND,
          maxConnections: config.NEWSLETTER_SMTP_CONNECTIONS,
        }),
      )
    : outboxNewsletterMailer();
  const stopping = new AbortController();
  const options: NewsletterSendOptions = {
    signal: stopping.signal,
    mailer,
    from: config.MAIL_FROM,
    links: emailLinkSigner(config),
    concurrency: config.NEWSLETTER_SMTP_CONNECTIONS * 2,
  };
  let running: Promise<void> | null = null;
  const send = () => {
    running ??= sendNewsletters(orm.em.fork(), options)
      .then((totals) => {
        const done = totals.SENT + totals.BOUNCED + totals.FAILED;
        if (done) log(`jobs: newsletters ${JSON.stringify(totals)}`);
      })
      .catch((error: Error) => log(`jobs: newsletter sending failed: ${error.message}`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  await boss.createQueue(NEWSLETTER_QUEUES.fanOut);
  await boss.schedule(NEWSLETTER_QUEUES.fanOut, '* * * * *');
  await boss.work(NEWSLETTER_QUEUES.fanOut, async () => {
    const issues = await fanOutQueuedIssues(orm.em.fork());
    if (issues) log(`jobs: ${issues} newsletter issues fanned out`);
  });
  await boss.createQueue(NEWSLETTER_QUEUES.send);
  await boss.schedule(NEWSLETTER_QUEUES.send, '* * * * *');
  await boss.work(NEWSLETTER_QUEUES.send, send);
  let stopped = false;
  const poll = setInterval(() => {
    if (!stopped) void send();
  }, NEWSLETTER_POLL_MS);
  poll.unref();
  return {
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(poll);
      await running;
      mailer.close();
    },
  };
}
