import { Newsletter, NewsletterSubscription, Post } from '@quire/db';
import {
  newsletterAdminTexts,
  newsletterSubscribeTexts,
  newsletterUnsubscribeTexts,
  publishEmailTexts,
} from '@quire/domain';
import { buildCollection, buildSession, buildUser } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startWorker } from '../src/worker';
import { seriousViolations } from './checks';
import { consoleErrors, pageErrors, useBrowserApp } from './harness';

/*
 * Issue 21's journey in Chromium: a reader subscribes to a writer from the profile, the writer publishes a story
 * with the publish dialog's email switch on, the issue reaches the development mail page (no SMTP_URL), and the
 * reader unsubscribes from the email's own link.
 */

const e2e = useBrowserApp();
const { db } = e2e;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;

beforeAll(async () => {
  // The worker writes the emails' links: they point at this server.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: e2e.dataDir,
    PUBLIC_URL: e2e.origin,
  });
  worker = await startWorker({ orm: db.orm, url: db.url, config, log: () => {} });
});
afterAll(async () => {
  await worker?.stop();
});

/** The email about `subject` on the development mail page, once the worker has sent it there. */
async function mailAbout(page: Page, subject: string) {
  const mail = page.locator('article', { hasText: subject });
  await expect
    .poll(
      async () => {
        await page.goto(`${e2e.origin}/_/dev/mail`);
        return mail.count();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBeGreaterThan(0);
  return mail;
}

describe('newsletters in Chromium', () => {
  it('subscribes, publishes, finds the issue in the dev mail page, and unsubscribes from its link', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Letter Writer', email: 'letter.writer@example.com' });
    const reader = await buildUser(em, { name: 'Letter Reader', email: 'letter.reader@example.com' });
    const readerSession = await buildSession(em, reader);
    const writerSession = await buildSession(em, writer);

    // The reader subscribes from the writer's profile: one click, a toast, and the envelope shows it.
    const page = await e2e.openPage({ session: readerSession, viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    const logged = consoleErrors(page);
    await e2e.gotoHydrated(page, `/@${writer.username}`);
    await page.getByRole('button', { name: newsletterSubscribeTexts.subscribeTo('Letter Writer') }).click();
    await page.getByText(newsletterSubscribeTexts.subscribeSuccess('Letter Writer')).waitFor();
    await page
      .getByRole('button', { name: newsletterSubscribeTexts.unsubscribeFrom('Letter Writer') })
      .waitFor();
    await e2e.gotoHydrated(page, '/me/newsletters');
    await page.getByRole('link', { name: 'Letter Writer' }).first().waitFor();
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // The writer publishes a story; the dialog offers to email it to their one subscriber.
    // The page is left before the cookies change under it: what it sends as it goes carries its own session's token.
    await page.goto('about:blank');
    await e2e.setSession(writerSession);
    await page.goto(`${e2e.origin}/new-story`);
    await page.waitForURL(/\/p\/[0-9a-f]{8,16}\/edit$/);
    const id = /\/p\/([0-9a-f]+)\/edit$/.exec(page.url())![1]!;
    await page.getByTestId('editor-title').click();
    await page.keyboard.type('Letters from the lighthouse');
    await page.getByTestId('editor-body').locator('p').first().click();
    await page.keyboard.type('The keeper wrote to everyone who asked, every night.');
    await expect
      .poll(async () => (await db.em().fork().findOneOrFail(Post, id)).content.paragraphs.length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 10_000 }).toBe('Saved');
    await page.getByTestId('publish-button').click();
    const emailSwitch = page.getByLabel(publishEmailTexts.emailSubscribers(1));
    expect(await emailSwitch.isChecked()).toBe(true);
    await page.getByTestId('publish-now').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });

    // The worker sends the issue; without SMTP_URL it lands in the outbox, shown on the dev mail page.
    await page.goto('about:blank');
    await e2e.setSession(readerSession);
    const issue = await mailAbout(page, 'Letters from the lighthouse');
    expect(await issue.locator('.meta').textContent()).toContain('letter.reader@example.com');
    expect(await issue.textContent()).toContain('The keeper wrote to everyone who asked');

    // Its unsubscribe link asks first, then one click ends the subscription.
    await issue.locator('a[href*="/_/newsletter/unsubscribe/"]').first().click();
    await page.getByRole('button', { name: newsletterUnsubscribeTexts.button }).click();
    await page.getByText(newsletterUnsubscribeTexts.done('Letter Writer'), { exact: false }).waitFor();
    const subscription = await db
      .em()
      .fork()
      .findOneOrFail(NewsletterSubscription, { user: reader.id }, { populate: ['newsletter'] });
    expect(subscription.unsubscribedAt).not.toBeNull();
    expect(subscription.newsletter.subscriberCount).toBe(0);

    await e2e.gotoHydrated(page, '/me/newsletters');
    await page.getByText(newsletterSubscribeTexts.emptyTitle).waitFor();
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('starts a publication newsletter, composes an email with the story editor, sends it and sees its stats', async () => {
    const em = db.em();
    const owner = await buildUser(em, { name: 'Harbour Editor', email: 'harbour.editor@example.com' });
    const publication = await buildCollection(em, { creator: owner, name: 'Harbour Notes' });
    const page = await e2e.openPage({
      session: await buildSession(em, owner),
      viewport: { width: 1280, height: 900 },
    });
    const errors = pageErrors(page);
    const logged = consoleErrors(page);

    await e2e.gotoHydrated(page, `/${publication.slug}/new-newsletter`);
    await page.getByLabel(newsletterAdminTexts.description).fill('Tides and timetables, weekly.');
    await page.getByRole('button', { name: newsletterAdminTexts.create }).click();
    await page.waitForURL(/\/newsletters\/[^/]+\/settings$/);
    await page.getByTestId('newsletter-settings').waitFor();
    expect(await seriousViolations(page, 'main')).toEqual([]);
    const newsletter = await db.em().fork().findOneOrFail(Newsletter, { collection: publication.id });

    // A reader who confirmed earlier (their subscription, as the confirmation link leaves it).
    const subscriberEm = db.em().fork();
    subscriberEm.create(NewsletterSubscription, {
      newsletter: newsletter.id,
      email: 'harbour.reader@example.com',
      entityKind: 'COLLECTION',
      confirmedAt: new Date(),
    });
    await subscriberEm.flush();

    // The story editor's core, in the compose page: the first line is the subject.
    await e2e.gotoHydrated(page, `/newsletters/${newsletter.id}/new-email`);
    const editor = page.getByTestId('compose-editor').locator('[contenteditable="true"]');
    await editor.waitFor();
    await editor.locator(':scope > *').first().click();
    await page.keyboard.type('Spring tides this week');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The harbour closes early on Thursday.');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: newsletterAdminTexts.sendTo(1) }).click();
    await page.getByText(newsletterAdminTexts.emailQueued).first().waitFor();

    const issue = await mailAbout(page, 'Spring tides this week');
    expect(await issue.locator('.meta').textContent()).toContain('harbour.reader@example.com');
    expect(await issue.textContent()).toContain('The harbour closes early on Thursday.');

    await e2e.gotoHydrated(page, `/newsletters/${newsletter.id}/stats`);
    const row = page.getByTestId('newsletter-issue').first();
    await expect.poll(() => row.locator('th').textContent()).toBe('Spring tides this week');
    // Recipients and delivered: the one confirmed reader.
    expect(await row.locator('td').nth(1).textContent()).toBe('1');
    expect(await row.locator('td').nth(2).textContent()).toBe('1');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
  });
});
