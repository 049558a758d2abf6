import { EmailOutbox, FeatureFlag, OAuthIdentity, User } from '@quire/db';
import { accountConvertTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './checks';
import { pageErrors, useBrowserApp } from './harness';

/* /m/account/convert/{token} in Chromium: an account made through Google adds a password and signs in with it. */

const e2e = useBrowserApp();
const { db } = e2e;
const password = 'harbour willow seventeen lanterns';

describe('adding a password through the mailed link in Chromium', () => {
  it('mails the link from the security settings, adds a password through it, then signs in with it', async () => {
    const em = db.em();
    const user = await buildUser(em, { name: 'Gina Google', email: 'gina.google@example.com' });
    em.create(OAuthIdentity, { provider: 'GOOGLE', providerUserId: 'g-gina', user, email: user.email });
    const flag =
      (await em.findOne(FeatureFlag, { name: 'enable_passwords' })) ??
      em.create(FeatureFlag, { name: 'enable_passwords' });
    flag.boolValue = true;
    await em.flush();

    // 1. Signed in through Google, she asks for the link in the security settings.
    const signedIn = await e2e.openPage({ session: await buildSession(em, user) });
    const errors = pageErrors(signedIn);
    await e2e.gotoHydrated(signedIn, '/me/settings#security');
    await signedIn.getByRole('button', { name: accountConvertTexts.offer }).click();
    await signedIn.getByText(accountConvertTexts.offerSent(user.email!)).waitFor();
    const mail = await db.em().findOneOrFail(EmailOutbox, { to: user.email!, template: 'account-convert' });
    const link = new URL(String((mail.payload as { link: string }).link));
    await signedIn.close();

    // 2. The link, opened signed out: a guessable password is refused next to the field, then a good one is added.
    const page = await e2e.openPage({ session: null });
    const pageErrorsOut = pageErrors(page);
    await e2e.gotoHydrated(page, link.pathname);
    await page.getByText(accountConvertTexts.lead(user.email!)).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(accountConvertTexts.passwordLabel).fill('password1234');
    await page.getByRole('button', { name: accountConvertTexts.save }).click();
    await page.getByText(/too easy to guess/).waitFor();
    expect((await db.em().findOneOrFail(User, user.id)).passwordHash).toBeNull();
    await page.getByLabel(accountConvertTexts.passwordLabel).fill(password);
    await page.getByRole('button', { name: accountConvertTexts.save }).click();
    await page.getByText(accountConvertTexts.done).waitFor();
    expect((await db.em().findOneOrFail(User, user.id)).passwordHash).toBeTruthy();

    // 3. The link works once.
    await e2e.gotoHydrated(page, link.pathname);
    await page.getByText(accountConvertTexts.invalid).waitFor();
    expect(await page.getByLabel(accountConvertTexts.passwordLabel).count()).toBe(0);

    // 4. Sign in with the email and the new password.
    await e2e.gotoHydrated(page, '/m/signin');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByRole('textbox', { name: 'Your email', exact: true }).fill(user.email!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await expect.poll(() => page.locator('summary.q-avatar').isVisible(), { timeout: 15_000 }).toBe(true);
    expect([...errors, ...pageErrorsOut]).toEqual([]);
  });
});
