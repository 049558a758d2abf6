import { customDomainSettings, type DnsResolver } from '@quire/api';
import { CustomDomain } from '@quire/db';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { PgBoss } from 'pg-boss';
import { describe, expect, it, onTestFinished } from 'vitest';
import { customDomainConfig, loadConfig } from '../src/config';
import { CUSTOM_DOMAIN_QUEUE, scheduleCustomDomainChecks } from '../src/custom-domain-jobs';

/* The domains.check queue on pg-boss: a job run looks the due domains up and moves them along. */

const db = useTestDatabase();

const seen: DnsResolver = {
  resolveCname: async () => ['domains.quire.test'],
  resolve4: async () => [],
};

describe('the domains.check job', () => {
  it('is scheduled, and a run moves a due domain along its state machine', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const boss = new PgBoss({ connectionString: db.url, schema: 'pgboss', max: 2 });
    await boss.start();
    onTestFinished(() => boss.stop({ graceful: false }));
    const settings = customDomainSettings({
      publicUrl: 'http://localhost:3000',
      customDomains: { resolver: seen, cnameTarget: 'domains.quire.test', ips: [] },
    });
    await scheduleCustomDomainChecks(boss, db.orm, config, () => {}, settings);
    expect((await boss.getSchedules()).map((s) => s.name)).toContain(CUSTOM_DOMAIN_QUEUE);

    const em = db.em();
    const user = await buildUser(em);
    const domain = `job-${Date.now().toString(36)}.example.com`;
    em.create(CustomDomain, { domain, user, nextCheckAt: new Date(Date.now() - 1000) });
    await em.flush();
    await boss.send(CUSTOM_DOMAIN_QUEUE);
    await expect
      .poll(async () => (await db.em().findOneOrFail(CustomDomain, { domain })).status, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe('VERIFYING');
  });
});

describe('the custom domain configuration', () => {
  it('reads the CNAME target and the A record addresses, and refuses addresses that are not IPv4', () => {
    expect(customDomainConfig(loadConfig({ NODE_ENV: 'test' }))).toEqual({ cnameTarget: '', ips: [] });
    const set = loadConfig({
      NODE_ENV: 'test',
      CUSTOM_DOMAIN_CNAME_TARGET: 'domains.quire.example',
      CUSTOM_DOMAIN_IPS: '203.0.113.10, 203.0.113.11',
    });
    expect(customDomainConfig(set)).toEqual({
      cnameTarget: 'domains.quire.example',
      ips: ['203.0.113.10', '203.0.113.11'],
    });
    expect(() => loadConfig({ NODE_ENV: 'test', CUSTOM_DOMAIN_IPS: 'example.com' })).toThrow(
      /CUSTOM_DOMAIN_IPS/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', CUSTOM_DOMAIN_CNAME_TARGET: 'https://x/' })).toThrow(
      /CUSTOM_DOMAIN_CNAME_TARGET/,
    );
  });
});
