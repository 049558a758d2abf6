import { User } from '@quire/db';
import { accountDeletionTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { pageErrors, useBrowserApp } from './harness';

const e2e = useBrowserApp();
const { db } = e2e;

describe('deleting an account in Chromium', () => {
  it('settings → type the username → Delete account → goodbye, signed out, the profile and story gone', async () => {
    const em = db.em();
    const writer = await buildUser(em, { name: 'Leaving In Chromium' });
    const story = await buildPost(em, { creator: writer, title: 'Last words before leaving' });
    const page = await e2e.openPage({ session: await buildSession(em, writer) });
    const errors = pageErrors(page);

    await e2e.gotoHydrated(page, '/me/settings/delete-account');
    const section = page.getByTestId('delete-account');
    const button = section.getByRole('button', { name: accountDeletionTexts.deleteButton });
    expect(await button.isDisabled()).toBe(true);
    // A wrong username is refused next to the field, and nothing happens.
    await section.getByLabel(accountDeletionTexts.confirmLabel).fill('not-my-name');
    await button.click();
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toBe(accountDeletionTexts.confirmMismatch);
    expect((await db.em().findOneOrFail(User, writer.id, { refresh: true })).isDeleted).toBe(false);

    await section.getByLabel(accountDeletionTexts.confirmLabel).fill(writer.username);
    await button.click();
    await page.waitForURL(/\/m\/goodbye$/);
    expect(await page.locator('h1').textContent()).toBe(accountDeletionTexts.goodbyeTitle);
    expect((await db.em().findOneOrFail(User, writer.id, { refresh: true })).isDeleted).toBe(true);

    // Signed out: settings ask to sign in; the profile is gone and the story says why.
    await e2e.gotoHydrated(page, '/me/settings');
    expect(await page.getByRole('link', { name: /sign in/i }).count()).toBeGreaterThan(0);
    const profile = await page.goto(`${e2e.origin}/@${writer.username}`);
    expect(profile?.status()).toBe(404);
    await page.goto(`${e2e.origin}/p/${story.id}`);
    expect(await page.content()).toContain('This account has been deleted.');
    expect(errors).toEqual([]);
  });
});
