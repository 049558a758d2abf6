import { defaultPlanSettings, syncPlans } from '@quire/api';
import { EmailOutbox, Post } from '@quire/db';
import { giftTexts, membershipPageTexts } from '@quire/domain';
import { seedDemo } from '@quire/seed';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { pageErrors, useBrowserApp } from './harness';

const e2e = useBrowserApp({
  seed: async (db, { media }) => {
    await seedDemo(db.orm, { media });
    await syncPlans(db.em(), defaultPlanSettings());
  },
});
const { db } = e2e;

describe('gift memberships with the test-mode provider in Chromium', () => {
  it('a reader buys a gift for a friend, the friend redeems it and reads a members-only story in full', async () => {
    const em = db.em();
    const buyer = await buildUser(em, { name: 'Generous Reader' });
    const friend = await buildUser(em, { name: 'Lucky Friend' });
    const friendEmail = `friend-${friend.id}@example.com`;
    const story = await db
      .em()
      .findOneOrFail(
        Post,
        { isLocked: true, status: 'PUBLISHED', deletedAt: null },
        { orderBy: { id: 'asc' } },
      );
    const ending = story.content.paragraphs.at(-1)!.text.slice(0, 40);

    const page = await e2e.openPage({ session: await buildSession(em, buyer) });
    const errors = pageErrors(page);
    // The provider's links name the configured public URL; this server listens on another port.
    await page.route(/^http:\/\/localhost:\d+\//, (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        status: 302,
        headers: { location: `${e2e.origin}${url.pathname}${url.search}` },
      });
    });

    await e2e.gotoHydrated(page, '/gift-plans');
    await page.locator('[data-gift-type="gift"]').getByRole('link', { name: giftTexts.choose }).click();
    await page.waitForURL(/\/gift-checkout$/);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByLabel(giftTexts.recipientName).fill('Lucky Friend');
    await page.getByLabel(giftTexts.recipientEmail).fill(friendEmail);
    await page.getByLabel(giftTexts.message).fill('Happy reading!');
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL(/\/payment\/test-checkout\?session=/);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByLabel(membershipPageTexts.cardNumber).fill('4242 4242 4242 4242');
    await page.getByLabel(membershipPageTexts.expiry).fill('12/34');
    await page.getByLabel(membershipPageTexts.cvc).fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/gift-checkout\?paid=/);
    expect(await page.locator('h1').textContent()).toBe(giftTexts.paidTitle);
    expect(errors).toEqual([]);
    await page.close();

    // The friend's email carries the redeem link.
    const mail = await db.em().findOneOrFail(EmailOutbox, { to: friendEmail, template: 'gift-received' });
    const link = new URL(String(mail.payload.link));
    expect(link.pathname).toBe('/redeem-gift');

    const friendPage = await e2e.openPage({ session: await buildSession(db.em(), friend) });
    const friendErrors = pageErrors(friendPage);
    await e2e.gotoHydrated(friendPage, `${link.pathname}${link.search}`);
    expect(await friendPage.locator('h1').textContent()).toBe(giftTexts.giftFrom('Generous Reader'));
    expect(await friendPage.locator('main').textContent()).toContain('Happy reading!');
    await friendPage.getByRole('button', { name: giftTexts.redeemAction }).click();
    await friendPage.waitForURL(/\/welcome-member$/);

    await e2e.gotoHydrated(friendPage, `/p/${story.id}`);
    expect(await friendPage.getByTestId('paywall').count()).toBe(0);
    expect(await friendPage.content()).toContain(ending);
    // The code works once for a single gift: opening it again says so.
    await e2e.gotoHydrated(friendPage, `${link.pathname}${link.search}`);
    expect(await friendPage.getByTestId('redeem-gift-refused').textContent()).toContain(giftTexts.codeUsed);
    expect(friendErrors).toEqual([]);
    await friendPage.close();
  });
});
