import { writeFile } from 'node:fs/promises';
import { expireLapsedMemberships, purgeDeletedAccounts, purgeTrash, syncPlans } from '@quire/api';
import type { Orm } from '@quire/db';
import { createTransport, deliverPendingEmails } from '@quire/mail';
import { PgBoss } from 'pg-boss';
import { emailLinkSigner, planSettings, type ServerConfig } from './config';
import { scheduleCustomDomainChecks } from './custom-domain-jobs';
import { scheduleDigestJobs } from './digest-jobs';
import { scheduleEarningsJobs } from './earnings-jobs';
import { scheduleExportJobs } from './export-jobs';
import { scheduleNewsletterJobs } from './newsletter-jobs';
import { schedulePartnerJobs } from './partner-jobs';
import { scheduleSearchSync } from './search-sync';
import { scheduleStatsJobs } from './stats-jobs';
import { scheduleSubscriberExportJobs } from './subscriber-export-jobs';

/** Queues the worker serves; each later capability (purges, fan-out, indexing) adds its own. */
export const QUEUES = {
  deliverMail: 'mail.deliver',
  purgeTrash: 'posts.purge-trash',
  expireMemberships: 'membership.expire',
  purgeAccounts: 'accounts.purge',
} as const;

/** How often the worker also sweeps the outbox between scheduled runs, so mail leaves within seconds. */
const OUTBOX_SWEEP_MS = 2000;

/**
 * Background jobs on pg-boss (its queue lives in PostgreSQL, schema `pgboss`): run in the app
 * process by default, or alone with `pnpm start --worker` when scaling out.
 */
export async function startWorker(opts: {
  orm: Orm;
  url: string;
  config: ServerConfig;
  log: (m: string) => void;
}) {
  const { orm, config } = opts;
  const transport = createTransport(config.SMTP_URL);
  const from = config.MAIL_FROM;
  const boss = new PgBoss({ connectionString: opts.url, schema: 'pgboss', max: 2 });
  boss.on('error', (error) => opts.log(`jobs: ${error.message}`));
  await boss.start();
  await boss.createQueue(QUEUES.deliverMail);
  await boss.schedule(QUEUES.deliverMail, '* * * * *');
  const links = emailLinkSigner(config);
  const deliver = () => deliverPendingEmails(orm.em.fork(), transport, { from, links });
  await boss.work(QUEUES.deliverMail, async () => {
    await deliver();
  });
  // Spec §9: trashed stories are deleted for good after 14 days; checked hourly.
  await boss.createQueue(QUEUES.purgeTrash);
  await boss.schedule(QUEUES.purgeTrash, '17 * * * *');
  await boss.work(QUEUES.purgeTrash, async () => {
    const purged = await purgeTrash(orm.em.fork(), new Date());
    if (purged) opts.log(`jobs: purged ${purged} stories from the trash`);
  });
  // The configured plans are written at start, so the plan list and checkout read this deployment's prices.
  await syncPlans(orm.em.fork(), planSettings(config));
  // Memberships past their grace period or last period end lose access; checked every 10 minutes.
  await boss.createQueue(QUEUES.expireMemberships);
  await boss.schedule(QUEUES.expireMemberships, '*/10 * * * *');
  await boss.work(QUEUES.expireMemberships, async () => {
    const expired = await expireLapsedMemberships(orm.em.fork(), new Date(), {
      gracePeriodDays: config.MEMBERSHIP_GRACE_PERIOD_DAYS,
    });
    if (expired) opts.log(`jobs: ${expired} memberships expired`);
  });
  // Deleted accounts lose their personal data after ACCOUNT_DELETION_GRACE_DAYS; checked hourly.
  await boss.createQueue(QUEUES.purgeAccounts);
  await boss.schedule(QUEUES.purgeAccounts, '41 * * * *');
  await boss.work(QUEUES.purgeAccounts, async () => {
    const purged = await purgeDeletedAccounts(orm.em.fork(), new Date());
    if (purged) opts.log(`jobs: purged ${purged} deleted accounts`);
  });
  // Custom domains' DNS records are checked every two minutes (see custom-domain-jobs.ts).
  await scheduleCustomDomainChecks(boss, orm, config, opts.log);
  // The Partner Program ledger of the day before, once a day (see earnings-jobs.ts).
  await scheduleEarningsJobs(boss, orm, opts.log);
  const search = await scheduleSearchSync(boss, orm, config, opts.url, opts.log);
  const exportJobs = await scheduleExportJobs(boss, orm, config, opts.log);
  const subscriberExports = await scheduleSubscriberExportJobs(boss, orm, config, opts.log);
  // Stats pages read daily rows rolled up every 5 minutes (see stats-jobs.ts).
  await scheduleStatsJobs(boss, orm, opts.log);
  // Partner Program: tax review, tax reminders and monthly payouts (see partner-jobs.ts).
  await schedulePartnerJobs(boss, orm, config, opts.log);
  // Newsletter issues: fan-out and pooled SMTP sending, or the outbox without SMTP (see newsletter-jobs.ts).
  const newsletterJobs = await scheduleNewsletterJobs(boss, orm, config, opts.log);
  // Daily and weekly email digests, queued into the outbox (see digest-jobs.ts).
  await scheduleDigestJobs(boss, orm, config, opts.log);
  let sweeping = false;
  const sweep = setInterval(async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      await deliver();
      if (config.WORKER_HEARTBEAT_FILE)
        await writeFile(config.WORKER_HEARTBEAT_FILE, new Date().toISOString());
    } catch (error) {
      opts.log(`jobs: outbox sweep failed: ${(error as Error).message}`);
    } finally {
      sweeping = false;
    }
  }, OUTBOX_SWEEP_MS);
  sweep.unref();
  return {
    boss,
    async stop() {
      clearInterval(sweep);
      await search.stop();
      await exportJobs.stop();
      await newsletterJobs.stop();
      await subscriberExports.stop();
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
