import { loadDevPaymentState, reviewDueTaxForms, runMonthlyPayouts, sendTaxNotices } from '@quire/api';
import type { Orm } from '@quire/db';
import type { PgBoss } from 'pg-boss';
import { type ServerConfig, serviceEnvironment } from './config';

/** The Partner Program queues: the automatic tax review, the tax reminders and the monthly payouts. */
export const PARTNER_QUEUES = {
  taxReview: 'partner.tax-review',
  taxNotices: 'partner.tax-notices',
  payouts: 'partner.payouts',
} as const;

/** The services a payout run uses; the test-mode provider's accounts are read afresh from the stored state the web process writes. */
export async function payoutEnvironment(orm: Orm, config: ServerConfig) {
  const devPaymentState = config.STRIPE_SECRET_KEY ? undefined : await loadDevPaymentState(orm.em.fork());
  return serviceEnvironment(config, { devPaymentState });
}

/**
 * Tax forms are reviewed hourly once their business days have passed; reminders are checked hourly (each stage
 * goes once); payouts run daily at 06:00 UTC and pay the previous month from its payout day, the 8th, once
 * (later runs find it paid, and retry a failed transfer with the same idempotency key).
 */
export async function schedulePartnerJobs(
  boss: PgBoss,
  orm: Orm,
  config: ServerConfig,
  log: (m: string) => void,
) {
  await boss.createQueue(PARTNER_QUEUES.taxReview);
  await boss.schedule(PARTNER_QUEUES.taxReview, '7 * * * *');
  await boss.work(PARTNER_QUEUES.taxReview, async () => {
    const decided = await reviewDueTaxForms(orm.em.fork(), new Date());
    if (decided) log(`jobs: ${decided} tax forms reviewed`);
  });
  await boss.createQueue(PARTNER_QUEUES.taxNotices);
  await boss.schedule(PARTNER_QUEUES.taxNotices, '13 * * * *');
  await boss.work(PARTNER_QUEUES.taxNotices, async () => {
    const sent = await sendTaxNotices(orm.em.fork(), new Date(), { publicUrl: config.publicUrl });
    if (sent) log(`jobs: ${sent} tax reminders sent`);
  });
  await boss.createQueue(PARTNER_QUEUES.payouts);
  await boss.schedule(PARTNER_QUEUES.payouts, '0 6 * * *');
  await boss.work(PARTNER_QUEUES.payouts, async () => {
    const env = await payoutEnvironment(orm, config);
    const result = await runMonthlyPayouts(orm.em.fork(), env, new Date(), (m) => log(`jobs: ${m}`));
    if (result.paid || result.failed)
      log(`jobs: payouts: ${result.paid} paid (${result.cents} cents), ${result.failed} failed`);
  });
}
