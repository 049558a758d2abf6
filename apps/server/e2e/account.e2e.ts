import { EmailOutbox, Media, User } from '@quire/db';
import { accountTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './checks';
import { pageErrors, useBrowserApp, waitForHydration } from './harness';

const e2e = useBrowserApp();
const { db } = e2e;

describe('account settings in Chromium', () => {
  it('edits the profile with a cropped photo, then changes the email and confirms it from the mail', async () => {
    const em = db.em();
    const user = await buildUser(em, {
      name: 'Omar Bll',
      username: 'OmarBll',
      email: 'omar@example.com',
    });
    const page = await e2e.openPage({ session: await buildSession(em, user) });
    const errors = pageErrors(page);

    // 1. The account section of /me/settings, first in the page.
    await e2e.gotoHydrated(page, '/me/settings');
    const section = page.getByTestId('account-settings');
    await section.waitFor();
    expect(await page.locator('.q-settings-nav a').first().textContent()).toBe('Account');

    // 2. A wide photo, cropped to a square in the browser and uploaded.
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await page.getByTestId('photo-cropper').waitFor();
    await page.getByLabel(accountTexts.photoZoom).fill('400');
    await page.getByRole('button', { name: accountTexts.photoSave }).click();
    await page.getByText(accountTexts.photoSaved).waitFor();
    const withPhoto = await db.em().findOneOrFail(User, user.id);
    expect(withPhoto.imageId).toBeTruthy();
    const media = await db.em().findOneOrFail(Media, { storageKey: withPhoto.imageId! });
    expect(media).toMatchObject({ width: 400, height: 400 });

    // 3. Name, username (checked as typed) and bio.
    await section.getByLabel(accountTexts.nameLabel, { exact: true }).fill('Omar Bello');
    const username = section.getByLabel(accountTexts.usernameLabel, { exact: true });
    await username.fill('1bad');
    await section.getByText(accountTexts.usernameMalformed).waitFor();
    await username.fill('OmarWrites');
    await section.getByText(accountTexts.usernameAvailable).waitFor();
    await section.getByLabel(accountTexts.bioLabel).fill('Essays on cities and trains.');
    await section.getByRole('button', { name: accountTexts.saveProfile, exact: true }).click();
    await section.getByText(accountTexts.saved, { exact: true }).waitFor();
    expect(await db.em().findOneOrFail(User, user.id)).toMatchObject({
      name: 'Omar Bello',
      username: 'OmarWrites',
      bio: 'Essays on cities and trains.',
    });

    // 4. The profile shows them, with the photo at a size the image URL builder gives; the old URL redirects.
    await e2e.gotoHydrated(page, '/@OmarBll');
    expect(new URL(page.url()).pathname).toBe('/@OmarWrites');
    await page.getByRole('heading', { name: 'Omar Bello' }).waitFor();
    await page.getByText('Essays on cities and trains.').waitFor();
    const src = await page.locator('.q-profile-header img').first().getAttribute('src');
    expect(src).toContain(`/media/${withPhoto.imageId}?`);

    // 5. A new email address, confirmed from the mail; the old address is told.
    await e2e.gotoHydrated(page, '/me/settings#account');
    const emailField = page.getByTestId('email-field');
    await emailField.getByRole('button', { name: accountTexts.emailChange }).click();
    await emailField.getByLabel(accountTexts.emailNewLabel).fill('omar.new@example.com');
    await emailField.getByRole('button', { name: accountTexts.emailChange }).click();
    await page.getByText(accountTexts.emailPending('omar.new@example.com')).waitFor();
    expect(await db.em().findOneOrFail(User, user.id)).toMatchObject({
      email: 'omar@example.com',
      unverifiedEmail: 'omar.new@example.com',
    });
    const notice = await db
      .em()
      .findOne(EmailOutbox, { to: 'omar@example.com', template: 'email-change-notice' });
    expect(String(notice?.payload.text)).toContain('omar.new@example.com');
    const [mail] = await db
      .em()
      .find(EmailOutbox, { to: 'omar.new@example.com', template: 'confirm-email-change' }, { limit: 1 });
    const link = new URL(String(mail!.payload.link));
    await page.goto(`${e2e.origin}${link.pathname}`);
    await waitForHydration(page);
    expect(new URL(page.url()).search).toBe('?emailVerified=1');
    await e2e.gotoHydrated(page, '/me/settings');
    await page.getByText(accountTexts.emailCurrent('omar.new@example.com')).waitFor();
    expect(await page.getByTestId('pending-email').count()).toBe(0);

    expect(errors).toEqual([]);
  });

  it('shows the account pages without serious accessibility faults and without sideways scrolling at 375 px', async () => {
    const em = db.em();
    const user = await buildUser(em, {
      name: 'Small Screen',
      username: 'SmallScreen',
      email: 'small@example.com',
    });
    const page = await e2e.openPage({
      session: await buildSession(em, user),
      viewport: { width: 375, height: 812 },
    });
    const pages: [string, string][] = [
      ['/me/settings', '[data-testid="account-settings"]'],
      ['/@SmallScreen/edit', 'main'],
      ['/me/design', 'main'],
      ['/me/send-verify', 'main'],
      ['/me/about', 'main'],
    ];
    for (const [path, scope] of pages) {
      await e2e.gotoHydrated(page, path);
      await page.locator(scope).first().waitFor();
      expect(await seriousViolations(page, scope), path).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
