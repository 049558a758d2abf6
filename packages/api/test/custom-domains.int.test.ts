import { CustomDomain, User } from '@quire/db';
import { CUSTOM_DOMAIN_RULES, customDomainTexts } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { appRouter, createContextInner, defaultServiceEnvironment } from '../src';
import {
  checkDueCustomDomains,
  customDomainSettings,
  type DnsResolver,
  normaliseDomain,
} from '../src/services/custom-domains';
import { testClock } from './auth-helpers';

/*
 * Spec §2 /me/settings/custom-domain and /me/create-subdomain: claiming a domain (refused next to the field when
 * malformed or taken, nothing saved), the DNS check's state machine driven by a fake resolver, Check now's
 * rate limit, removal, and the subdomain switch.
 */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-25T12:00:00Z'));

/** DNS as the tests set it: per host, CNAME and A answers, or an error code the lookup fails with. */
class FakeDns implements DnsResolver {
  readonly cname = new Map<string, string[] | string>();
  readonly a = new Map<string, string[] | string>();
  private answer(map: Map<string, string[] | string>, host: string) {
    const value = map.get(host) ?? 'ENODATA';
    if (typeof value === 'string') return Promise.reject(Object.assign(new Error(value), { code: value }));
    return Promise.resolve(value);
  }
  resolveCname(host: string) {
    return this.answer(this.cname, host);
  }
  resolve4(host: string) {
    return this.answer(this.a, host);
  }
}

const dns = new FakeDns();
const env = defaultServiceEnvironment({
  publicUrl: 'https://quire.test',
  customDomains: { resolver: dns, cnameTarget: 'domains.quire.test', ips: ['203.0.113.10', '203.0.113.11'] },
});
const settings = customDomainSettings(env);

const api = (viewer: User | null) =>
  appRouter.createCaller(
    createContextInner({
      em: db.em(),
      viewer,
      sessionId: null,
      visitor: { id: 'domains00000001', isBot: false, country: null },
      ip: '192.0.2.10',
      now: clock.now,
      env,
    }),
  );

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

/** The refusal's message and the message shown next to the domain field. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const e = error as { code?: string; message: string; cause?: { issues?: { path: unknown[] }[] } };
    const field = e.cause?.issues?.some((i) => i.path[0] === 'domain') ?? false;
    return { code: e.code, message: e.message, field };
  }
  throw new Error('expected a refusal');
}

const rowsOf = (user: User) => db.em().count(CustomDomain, { user: user.id });
const rowOf = (domain: string) => db.em().findOneOrFail(CustomDomain, { domain });
const minutes = (m: number) => clock.advance(m * 60_000);

describe('normaliseDomain', () => {
  it('keeps host names of two labels or more, lower-cased and in punycode', () => {
    const site = 'quire.test';
    expect(normaliseDomain('Blog.Example.COM', site)).toEqual({ domain: 'blog.example.com' });
    expect(normaliseDomain('https://blog.example.com/', site)).toEqual({ domain: 'blog.example.com' });
    expect(normaliseDomain('bücher.example.', site)).toEqual({ domain: 'xn--bcher-kva.example' });
    expect(normaliseDomain('ÉCOLE.fr', site)).toEqual({ domain: 'xn--cole-9oa.fr' });
  });
});

describe('claiming a domain', () => {
  it('refuses what is not a domain next to the field, and saves nothing', async () => {
    const user = await buildUser(db.em());
    const cases: [string, string][] = [
      ['', customDomainTexts.notADomain],
      ['example', customDomainTexts.notADomain],
      ['not a domain.com', customDomainTexts.notADomain],
      ['foo..com', customDomainTexts.notADomain],
      ['-bad.example.com', customDomainTexts.notADomain],
      ['under_score.example.com', customDomainTexts.notADomain],
      [`${'a'.repeat(64)}.com`, customDomainTexts.notADomain],
      ['blog.example.com:8080', customDomainTexts.notADomain],
      ['user@example.com', customDomainTexts.notADomain],
      [`${'abcdefghi.'.repeat(26)}com`, customDomainTexts.tooLong],
      ['192.0.2.1', customDomainTexts.ipAddress],
      ['[2001:db8::1]', customDomainTexts.ipAddress],
      ['10.1', customDomainTexts.ipAddress],
      ['quire.test', customDomainTexts.ourDomain],
      ['Someone.Quire.Test', customDomainTexts.ourDomain],
      ['domains.quire.test', customDomainTexts.ourDomain],
      ['me.localhost', customDomainTexts.ourDomain],
    ];
    for (const [domain, message] of cases) {
      const out = await refusal(api(user).customDomains.setDomain({ domain }));
      expect(out, domain).toEqual({ code: 'BAD_REQUEST', message, field: true });
    }
    // Text PostgreSQL cannot store is refused by the input schema.
    const nul = await refusal(api(user).customDomains.setDomain({ domain: 'a\u0000.example.com' }));
    expect(nul.code).toBe('BAD_REQUEST');
    expect(await rowsOf(user)).toBe(0);
    expect((await api(user).customDomains.current()).domain).toBeNull();
  });

  it('saves a domain as PENDING with the records to create, and refuses it to anyone else', async () => {
    const owner = await buildUser(db.em());
    const other = await buildUser(db.em());
    const domain = `${unique('blog')}.example.com`;
    const out = await api(owner).customDomains.setDomain({ domain: domain.toUpperCase() });
    expect(out.domain).toMatchObject({ domain, status: 'PENDING', failure: null });
    expect(out.domain.records.cname).toEqual({ type: 'CNAME', name: domain, value: 'domains.quire.test' });
    expect(out.domain.records.apex.map((r) => r.value)).toEqual(['203.0.113.10', '203.0.113.11']);
    expect((await api(owner).customDomains.current()).domain?.domain).toBe(domain);
    // The same again is no change.
    expect((await api(owner).customDomains.setDomain({ domain })).domain.domain).toBe(domain);

    expect(await refusal(api(other).customDomains.setDomain({ domain: `https://${domain}/` }))).toEqual({
      code: 'CONFLICT',
      message: customDomainTexts.taken,
      field: true,
    });
    expect(await rowsOf(other)).toBe(0);
    // One domain a profile.
    expect(await refusal(api(owner).customDomains.setDomain({ domain: `x${domain}` }))).toEqual({
      code: 'CONFLICT',
      message: customDomainTexts.oneDomain,
      field: true,
    });
    expect(await rowsOf(owner)).toBe(1);
    // A visitor is asked to sign in.
    expect((await refusal(api(null).customDomains.current())).code).toBe('UNAUTHORIZED');
  });

  it('gives a domain claimed by two people at once to one of them', async () => {
    const a = await buildUser(db.em());
    const b = await buildUser(db.em());
    const domain = `${unique('race')}.example.net`;
    const results = await Promise.allSettled([
      api(a).customDomains.setDomain({ domain }),
      api(b).customDomains.setDomain({ domain }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason.message).toBe(customDomainTexts.taken);
    expect(await db.em().count(CustomDomain, { domain })).toBe(1);
  });

  it('removes a domain, which frees its name', async () => {
    const a = await buildUser(db.em());
    const b = await buildUser(db.em());
    const domain = `${unique('gone')}.example.org`;
    await api(a).customDomains.setDomain({ domain });
    expect(await api(a).customDomains.removeDomain()).toEqual({ removed: true });
    expect(await rowsOf(a)).toBe(0);
    expect((await refusal(api(a).customDomains.removeDomain())).code).toBe('NOT_FOUND');
    expect((await api(b).customDomains.setDomain({ domain })).domain.status).toBe('PENDING');
  });
});

describe('the DNS check', () => {
  it('moves a domain through PENDING, VERIFYING, LIVE and FAILED on what DNS answers', async () => {
    const owner = await buildUser(db.em());
    const domain = `${unique('www')}.example.com`;
    await api(owner).customDomains.setDomain({ domain });
    const job = () => checkDueCustomDomains(db.em(), settings, clock.now());

    // Nothing yet: still waiting.
    await job();
    expect((await rowOf(domain)).status).toBe('PENDING');
    // Not due again for a few minutes.
    dns.cname.set(domain, ['domains.quire.test.']);
    await job();
    expect((await rowOf(domain)).status).toBe('PENDING');
    minutes(CUSTOM_DOMAIN_RULES.pendingRecheckMinutes);
    await job();
    let row = await rowOf(domain);
    expect(row).toMatchObject({ status: 'VERIFYING', found: 'CNAME domains.quire.test' });
    // Seen once, then gone: back to waiting.
    dns.cname.delete(domain);
    minutes(CUSTOM_DOMAIN_RULES.verifyingRecheckMinutes);
    await job();
    expect((await rowOf(domain)).status).toBe('PENDING');
    // Seen on consecutive checks: live.
    dns.cname.set(domain, ['domains.quire.test']);
    minutes(CUSTOM_DOMAIN_RULES.pendingRecheckMinutes);
    await job();
    expect((await rowOf(domain)).status).toBe('VERIFYING');
    minutes(CUSTOM_DOMAIN_RULES.verifyingRecheckMinutes);
    await job();
    row = await rowOf(domain);
    expect(row.status).toBe('LIVE');
    expect(row.liveAt?.getTime()).toBe(clock.now().getTime());
    expect((await api(owner).viewer.me())?.customDomainState).toEqual({ live: { domain } });

    // A lookup that fails (a timeout) is no answer: still live.
    dns.cname.set(domain, 'ETIMEOUT');
    dns.a.set(domain, 'ETIMEOUT');
    minutes(CUSTOM_DOMAIN_RULES.liveRecheckMinutes);
    await job();
    row = await rowOf(domain);
    expect(row).toMatchObject({ status: 'LIVE', streak: 0 });
    // The records gone: live until the last allowed miss, then failed.
    dns.cname.set(domain, ['elsewhere.example.net']);
    dns.a.set(domain, ['198.51.100.7']);
    for (let miss = 1; miss < CUSTOM_DOMAIN_RULES.missesToFail; miss++) {
      minutes(CUSTOM_DOMAIN_RULES.missRecheckMinutes);
      await job();
      expect((await rowOf(domain)).status, `miss ${miss}`).toBe('LIVE');
    }
    minutes(CUSTOM_DOMAIN_RULES.missRecheckMinutes);
    await job();
    row = await rowOf(domain);
    expect(row).toMatchObject({
      status: 'FAILED',
      failure: 'RECORDS_GONE',
      nextCheckAt: null,
      found: 'CNAME elsewhere.example.net',
    });
    // The job leaves a failed domain alone, even once its records are back.
    dns.cname.set(domain, ['domains.quire.test']);
    dns.a.delete(domain);
    minutes(CUSTOM_DOMAIN_RULES.liveRecheckMinutes);
    await job();
    expect((await rowOf(domain)).status).toBe('FAILED');

    // Check now starts again, and sees the records at once.
    const checked = await api(owner).customDomains.checkNow();
    expect(checked.domain).toMatchObject({ status: 'VERIFYING', failure: null });
    // Once a minute at most.
    expect(await refusal(api(owner).customDomains.checkNow())).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: customDomainTexts.tooSoon,
    });
    minutes(CUSTOM_DOMAIN_RULES.checkNowEverySeconds / 60);
    expect((await api(owner).customDomains.checkNow()).domain.status).toBe('LIVE');
  });

  it('fails a domain whose records do not show within the window', async () => {
    const owner = await buildUser(db.em());
    const domain = `${unique('never')}.example.com`;
    await api(owner).customDomains.setDomain({ domain });
    const job = () => checkDueCustomDomains(db.em(), settings, clock.now());
    minutes(CUSTOM_DOMAIN_RULES.pendingHours * 60 - 1);
    await job();
    expect((await rowOf(domain)).status).toBe('PENDING');
    minutes(CUSTOM_DOMAIN_RULES.pendingRecheckMinutes);
    await job();
    expect(await rowOf(domain)).toMatchObject({ status: 'FAILED', failure: 'NOT_SEEN', found: null });
    const current = await api(owner).customDomains.current();
    expect(current.domain).toMatchObject({ status: 'FAILED', failure: 'NOT_SEEN' });
  });

  it('counts A records when every one names our addresses', async () => {
    const owner = await buildUser(db.em());
    const domain = `${unique('apex')}.example`;
    await api(owner).customDomains.setDomain({ domain });
    dns.a.set(domain, ['203.0.113.10', '198.51.100.7']);
    expect((await api(owner).customDomains.checkNow()).domain).toMatchObject({
      status: 'PENDING',
      found: 'A 203.0.113.10, 198.51.100.7',
    });
    dns.a.set(domain, ['203.0.113.11', '203.0.113.10']);
    minutes(1);
    expect((await api(owner).customDomains.checkNow()).domain.status).toBe('VERIFYING');
  });
});

describe('the subdomain', () => {
  it('turns on and off, showing the address', async () => {
    const user = await buildUser(db.em(), { username: unique('Sub') });
    const address = `${user.username.toLowerCase()}.quire.test`;
    expect(await api(user).customDomains.subdomain()).toEqual({
      hasSubdomain: false,
      address,
      url: `https://${address}`,
      liveDomain: null,
    });
    expect((await api(user).customDomains.setSubdomain({ on: true })).hasSubdomain).toBe(true);
    expect((await db.em().findOneOrFail(User, user.id)).hasSubdomain).toBe(true);
    expect((await api(user).customDomains.setSubdomain({ on: false })).hasSubdomain).toBe(false);
    expect((await db.em().findOneOrFail(User, user.id)).hasSubdomain).toBe(false);
    expect((await refusal(api(null).customDomains.setSubdomain({ on: true }))).code).toBe('UNAUTHORIZED');
  });
});
