import { allocateDay, rollupStatsDay } from '@quire/api';
import { Charge, Earning, Membership, PartnerEnrollment, ReadEvent, TaxForm, User } from '@quire/db';
import { earningsTexts, maskedTin, partnerTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { consoleErrors, PERSON_USER_AGENT, pageErrors, useBrowserApp, waitForHydration } from './harness';

/*
 * Spec §2 Partner program paths, payouts and stats: a writer enrols, submits a W-9, connects payouts (the labelled
 * test-mode provider), a member reads a members-only story, the day's allocation and stats roll-up run, and the
 * writer's dashboard shows the earning and the stats chart draws.
 */

const e2e = useBrowserApp();
const { db } = e2e;
const f = partnerTexts.fields;

describe('the Partner Program in Chromium', () => {
  it('takes a writer from enrolment to an earning on the dashboard and a drawn chart', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Pat Partner' });
    writer.emailVerifiedAt = new Date();
    const story = await buildPost(em, { creator: writer, isLocked: true, title: 'Words worth paying for' });
    story.readingTime = 4;
    const member = await buildUser(em, { name: 'Mina Member', mediumMemberAt: Date.now() });
    const membership = em.create(Membership, {
      user: member,
      status: 'ACTIVE',
      provider: 'STRIPE',
      startedAt: new Date(),
    });
    em.create(Charge, {
      user: member,
      membership,
      amount: 500,
      currency: 'USD',
      provider: 'STRIPE',
      status: 'SUCCEEDED',
      periodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    await em.flush();

    const writerSession = await buildSession(em, writer);
    const page = await e2e.openPage({ session: writerSession });
    const errors = pageErrors(page);
    const logged = consoleErrors(page);
    // Test-mode onboarding and its return name the configured public URL; this server listens on another port.
    await page.route(/^http:\/\/localhost:\d+\/(payout|me\/settings)\//, (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        status: 302,
        headers: { location: `${e2e.origin}${url.pathname}${url.search}` },
      });
    });

    // Enrolment: eligibility and country, then the terms.
    await e2e.gotoHydrated(page, '/me/partner/enroll');
    await page.getByLabel(partnerTexts.countryLabel).selectOption('US');
    await page.getByRole('button', { name: partnerTexts.eligibleNext }).click();
    await page.waitForURL(/\/me\/partner\/enroll\/terms$/);
    await waitForHydration(page);
    await page.getByLabel(partnerTexts.acceptTerms).check();
    await page.getByRole('button', { name: partnerTexts.acceptAndContinue }).click();
    await page.waitForURL(/\/me\/partner\/enroll\/tax$/);
    const enrolled = await db.em().fork().findOneOrFail(User, writer.id);
    expect(enrolled.isPartnerProgramEnrolled).toBe(true);
    expect(enrolled.hightowerTermsAcceptedAt).not.toBeNull();

    // A W-9: the number is kept sealed and shown by its last four digits.
    await e2e.gotoHydrated(page, '/me/partner/taxes');
    const form = page.getByTestId('tax-form');
    await form.getByLabel(f.name).fill('Pat Partner');
    await form.getByLabel(f.street).fill('1 Main Street');
    await form.getByLabel(f.city).fill('Albany');
    await form.getByLabel(f.state).fill('NY');
    await form.getByLabel(f.zip).fill('12207');
    await form.getByLabel(f.tin, { exact: true }).fill('401-23-4567');
    await form.getByLabel(f.certify).check();
    await form.getByRole('button', { name: partnerTexts.submitForm }).click();
    await expect.poll(() => page.getByTestId('tax-submitted').count()).toBe(1);
    await e2e.gotoHydrated(page, '/me/partner/taxes');
    expect(await page.getByTestId('tax-form-on-file').textContent()).toContain(maskedTin('SSN', '4567'));
    expect(await page.content()).not.toContain('401234567');
    const sealed = await db.em().fork().findOneOrFail(TaxForm, { user: writer.id });
    expect(JSON.stringify(sealed)).not.toContain('401234567');

    // Payouts: the test-mode stand-in for Stripe's onboarding, then back to the finish page.
    await e2e.gotoHydrated(page, '/me/settings/payout/setup');
    expect(await page.getByTestId('test-mode-notice').count()).toBe(1);
    await page.getByRole('button', { name: partnerTexts.setupButton }).click();
    await page.waitForURL(/\/payout\/test-onboarding/);
    await waitForHydration(page);
    await page.getByRole('button', { name: partnerTexts.testOnboardingComplete }).click();
    await page.waitForURL(/\/me\/settings\/payout\/stripe\/finish/);
    await expect.poll(() => page.getByTestId('payout-finish-state').getAttribute('data-ready')).toBe('true');
    expect((await db.em().fork().findOneOrFail(PartnerEnrollment, { user: writer.id })).payoutsEnabled).toBe(
      true,
    );

    // A member reads the story to its end.
    // A short window, so the story's end is below it and the read lasts until the reader scrolls there.
    const reader = await e2e.openPage({
      session: await buildSession(em, member),
      viewport: { width: 375, height: 360 },
    });
    // Headless Chromium names itself in its user agent, and reads by bots are not counted: a person's browser.
    await reader.setExtraHTTPHeaders({ 'user-agent': PERSON_USER_AGENT });
    await e2e.gotoHydrated(reader, `/p/${story.id}`);
    await reader.waitForTimeout(3_000);
    expect(await db.em().fork().count(ReadEvent, { post: story.id, kind: 'READ' })).toBe(0);
    await reader.getByTestId('read-sentinel').scrollIntoViewIfNeeded();
    await expect
      .poll(() => db.em().fork().count(ReadEvent, { post: story.id, kind: 'READ', isMember: true }), {
        timeout: 10_000,
      })
      .toBe(1);
    await reader.close();
    // The browser's one cookie jar is the writer's again.
    await e2e.setSession(writerSession);

    // The day's jobs: the members' money shared out, the stats rolled up.
    const today = new Date().toISOString().slice(0, 10);
    const day = await allocateDay(db.em().fork(), today);
    expect(day.allocated).toBeGreaterThan(0);
    await rollupStatsDay(db.em().fork(), today);
    const earned = await db.em().fork().findOneOrFail(Earning, { user: writer.id, post: story.id });
    expect(earned.amount).toBeGreaterThan(0);

    await e2e.gotoHydrated(page, '/me/partner/dashboard');
    const row = page.getByTestId('story-earnings').getByRole('row', { name: /Words worth paying for/ });
    const dollars = (earned.amount / 100).toFixed(2);
    expect(await row.textContent()).toContain(`$${dollars}`);
    expect(await page.getByText(earningsTexts.story).count()).toBeGreaterThan(0);

    await e2e.gotoHydrated(page, '/me/stats');
    const chart = page.getByTestId('stats-chart').first();
    await expect.poll(() => chart.getAttribute('data-drawn'), { timeout: 10_000 }).toBe('true');
    const box = await chart.locator('canvas').first().boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    expect(await page.getByTestId('stats-totals').textContent()).toContain(`$${dollars}`);

    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    await page.close();
  });
});
