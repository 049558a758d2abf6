import { defaultPlanSettings, syncPlans } from '@quire/api';
import { Membership, Post } from '@quire/db';
import { formatLongDate, membershipPageTexts, topBarTexts } from '@quire/domain';
import { seedDemo } from '@quire/seed';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { consoleErrors, pageErrors, useBrowserApp } from './harness';

const e2e = useBrowserApp({
  seed: async (db, { media }) => {
    await seedDemo(db.orm, { media });
    await syncPlans(db.em(), defaultPlanSettings());
  },
});
const { db } = e2e;

describe('becoming a member with the test-mode provider in Chromium', () => {
  it('paywall → Become a member → monthly → test card → welcome → the story in full → cancel, still a member until the period ends', async () => {
    const locked = await db
      .em()
      .find(
        Post,
        { isLocked: true, status: 'PUBLISHED', deletedAt: null },
        { populate: ['creator'], limit: 4, orderBy: { id: 'asc' } },
      );
    expect(locked).toHaveLength(4);
    const em = db.em();
    const reader = await buildUser(em);
    const page = await e2e.openPage({ session: await buildSession(em, reader) });
    const errors = pageErrors(page);
    // The provider's checkout link names the configured public URL; this server listens on another port.
    await page.route(/^http:\/\/localhost:\d+\/payment\/test-checkout/, (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        status: 302,
        headers: { location: `${e2e.origin}${url.pathname}${url.search}` },
      });
    });

    // The free members-only stories of the month, then the paywall.
    for (const post of locked.slice(0, 3)) {
      await page.goto(`${e2e.origin}/p/${post.id}`);
      await expect.poll(() => page.getByTestId('meter').isVisible()).toBe(true);
    }
    const story = locked[3]!;
    const ending = story.content.paragraphs.at(-1)!.text.slice(0, 40);
    await e2e.gotoHydrated(page, `/p/${story.id}`);
    const paywall = page.getByTestId('paywall');
    await expect.poll(() => paywall.isVisible()).toBe(true);
    expect(await page.content()).not.toContain(ending);

    await paywall.getByRole('link', { name: topBarTexts.becomeAMember }).click();
    await page.waitForURL(/\/plans$/);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Choose monthly' }).click();

    // The test checkout: the notice first, a declined card shown inline, then the card that pays.
    await page.waitForURL(/\/payment\/test-checkout\?session=/);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getByTestId('test-mode-notice').textContent()).toContain(
      membershipPageTexts.testModeHeading,
    );
    await page.getByLabel(membershipPageTexts.cardNumber).fill('4000 0000 0000 0002');
    await page.getByLabel(membershipPageTexts.expiry).fill('12/34');
    await page.getByLabel(membershipPageTexts.cvc).fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
    await page.getByLabel(membershipPageTexts.cardNumber).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL(/\/welcome-member$/);
    expect(await page.locator('h1').textContent()).toBe(membershipPageTexts.welcomeTitle);

    await e2e.gotoHydrated(page, `/p/${story.id}`);
    expect(await page.getByTestId('paywall').count()).toBe(0);
    expect(await page.content()).toContain(ending);

    await e2e.gotoHydrated(page, '/me/settings');
    const section = page.locator('#membership');
    expect(await section.textContent()).toContain('Monthly membership');
    expect(await section.textContent()).toContain('Visa ending in 4242');
    await section.getByRole('link', { name: membershipPageTexts.cancelMembership }).click();
    await page.waitForURL(/\/me\/membership\/cancel$/);
    await page.waitForSelector('html[data-hydrated="true"]');
    const paid = await db.em().findOneOrFail(Membership, { user: reader.id });
    const until = formatLongDate(paid.currentPeriodEnd!);
    expect(await page.locator('main').textContent()).toContain(`You keep your membership until ${until}.`);
    await page.getByRole('button', { name: membershipPageTexts.cancelMembership }).click();
    await expect
      .poll(() => page.getByTestId('membership-ends').textContent())
      .toBe(`Your membership is canceled. You are still a member until ${until}.`);

    // Still a member: the story still reads in full.
    await e2e.gotoHydrated(page, `/p/${story.id}`);
    expect(await page.getByTestId('paywall').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    it(`the membership pages hydrate without errors and never scroll sideways at ${viewport.width}px`, async () => {
      const em = db.em();
      const page = await e2e.openPage({ viewport, session: await buildSession(em, await buildUser(em)) });
      const errors = [...pageErrors(page), ...consoleErrors(page)];
      const problems: string[] = [];
      for (const path of [
        '/plans',
        '/membership',
        '/welcome-member',
        '/me/settings',
        '/me/billing-history',
      ]) {
        const res = await e2e.gotoHydrated(page, path);
        expect(res?.status(), path).toBe(200);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${path} scrolls ${overflow}px sideways`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
