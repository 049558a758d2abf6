import { type CustomDomainSettings, checkDueCustomDomains, customDomainSettings } from '@quire/api';
import type { Orm } from '@quire/db';
import type { PgBoss } from 'pg-boss';
import { customDomainConfig, type ServerConfig } from './config';

/** The queue of the custom domain checks. */
export const CUSTOM_DOMAIN_QUEUE = 'domains.check';

/**
 * Custom domains (spec §2 /me/settings/custom-domain): every two minutes, the domains whose check is due are
 * looked up in DNS and moved along their state machine (CUSTOM_DOMAIN_RULES in @quire/domain); a domain that
 * goes live or stops being served is announced to every process's host routing by a cache purge.
 */
export async function scheduleCustomDomainChecks(
  boss: PgBoss,
  orm: Orm,
  config: ServerConfig,
  log: (m: string) => void,
  settings: CustomDomainSettings = customDomainSettings({
    publicUrl: config.publicUrl,
    customDomains: customDomainConfig(config),
  }),
) {
  await boss.createQueue(CUSTOM_DOMAIN_QUEUE);
  await boss.schedule(CUSTOM_DOMAIN_QUEUE, '*/2 * * * *');
  await boss.work(CUSTOM_DOMAIN_QUEUE, async () => {
    const { checked, live, failed } = await checkDueCustomDomains(orm.em.fork(), settings, new Date());
    if (live || failed) log(`jobs: ${checked} custom domains checked, ${live} went live, ${failed} failed`);
  });
}
