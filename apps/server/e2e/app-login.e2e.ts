import { appLoginTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './checks';
import { pageErrors, useBrowserApp } from './harness';

/* /m/app/login/{token} in Chromium: a link made in the security settings signs a second browser in, once. */

const e2e = useBrowserApp();
const { db } = e2e;

describe('signing in on another device in Chromium', () => {
  it('makes the link in the security settings and signs another browser in through it, once', async () => {
    const em = db.em();
    const user = await buildUser(em, { name: 'Dana Devices' });

    // 1. Signed in on her laptop, she makes the link.
    const laptop = await e2e.openPage({ session: await buildSession(em, user) });
    const laptopErrors = pageErrors(laptop);
    await e2e.gotoHydrated(laptop, '/me/settings#security');
    await laptop.getByRole('button', { name: appLoginTexts.create }).click();
    await laptop.getByText(appLoginTexts.warning).waitFor();
    const link = new URL((await laptop.getByTestId('app-login-url').textContent()) ?? '');
    expect(link.pathname).toMatch(/^\/m\/app\/login\/[A-Za-z0-9_-]{43}$/);
    expect(await seriousViolations(laptop)).toEqual([]);
    await laptop.close();

    // 2. On the other device (signed out) the page names her and waits for the button.
    const phone = await e2e.openPage({ session: null });
    const phoneErrors = pageErrors(phone);
    await e2e.gotoHydrated(phone, link.pathname);
    await phone.getByText(appLoginTexts.lead(user.name, user.username)).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await phone.locator('summary.q-avatar').count()).toBe(0);
    // The page's own button (the top bar has a 'Sign in' of its own).
    await phone.getByTestId('app-login-offer').getByRole('button', { name: appLoginTexts.confirm }).click();
    await expect.poll(() => phone.locator('summary.q-avatar').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(phone.url()).pathname).toBe('/');

    // 3. The link worked once: opened again, it says so.
    const again = await e2e.openPage({ session: null });
    await e2e.gotoHydrated(again, link.pathname);
    await again.getByText(appLoginTexts.invalid).waitFor();
    expect(await again.getByTestId('app-login-offer').count()).toBe(0);
    expect([...laptopErrors, ...phoneErrors]).toEqual([]);
  });
});
