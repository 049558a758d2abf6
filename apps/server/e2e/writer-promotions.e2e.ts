import { User } from '@quire/db';
import { writerPromotionTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './checks';
import { consoleErrors, pageErrors, useBrowserApp, waitForHydration } from './harness';

/* /me/settings/promote-memberships and promote-subscriptions in Chromium: the switch, then the prompts a reader sees. */

const e2e = useBrowserApp();
const { db } = e2e;

describe('writer promotions in Chromium', () => {
  it('turns both prompts on from the settings pages; a visitor sees them under the story at 375 px', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Petra Promo' });
    const story = await buildPost(em, { creator: writer, title: 'A story with invitations' });
    const writerPage = await e2e.openPage({ session: await buildSession(em, writer) });
    const writerErrors = pageErrors(writerPage);

    await e2e.gotoHydrated(writerPage, '/me/settings');
    await writerPage.getByRole('link', { name: writerPromotionTexts.promoteMemberships.title }).click();
    await writerPage.getByText(writerPromotionTexts.promoteMemberships.off).waitFor();
    await waitForHydration(writerPage);
    await writerPage.getByLabel(writerPromotionTexts.promoteMemberships.label).check();
    await writerPage.getByRole('button', { name: writerPromotionTexts.save }).click();
    await writerPage.getByText(writerPromotionTexts.saved).waitFor();
    await writerPage.getByText(writerPromotionTexts.promoteMemberships.on).waitFor();
    await e2e.gotoHydrated(writerPage, '/me/settings/promote-subscriptions');
    await writerPage.getByLabel(writerPromotionTexts.promoteSubscriptions.label).check();
    await writerPage.getByRole('button', { name: writerPromotionTexts.save }).click();
    await writerPage.getByText(writerPromotionTexts.promoteSubscriptions.on).waitFor();
    expect(await db.em().findOneOrFail(User, writer.id)).toMatchObject({
      promoteMemberships: true,
      promoteSubscriptions: true,
    });
    // The writer sees neither under their own story.
    await e2e.gotoHydrated(writerPage, `/p/${story.id}`);
    expect(await writerPage.getByTestId('writer-membership-prompt').count()).toBe(0);
    expect(await writerPage.getByTestId('writer-follow-prompt').count()).toBe(0);

    const visitor = await e2e.openPage({ session: null, viewport: { width: 375, height: 740 } });
    const visitorErrors = pageErrors(visitor);
    const logged = consoleErrors(visitor);
    await e2e.gotoHydrated(visitor, `/p/${story.id}`);
    await visitor.getByText(writerPromotionTexts.membershipPrompt('Petra Promo')).waitFor();
    await visitor.getByText(writerPromotionTexts.subscriptionPrompt('Petra Promo')).waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    expect(
      await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await visitor
      .getByTestId('writer-membership-prompt')
      .getByRole('link', { name: writerPromotionTexts.membershipAction })
      .click();
    await visitor.waitForURL(`${e2e.origin}/membership/@${writer.username}`);
    expect([...writerErrors, ...visitorErrors, ...logged]).toEqual([]);
  });
});
