import { EmailOutbox, FeatureFlag } from '@quire/db';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from './harness';

// The anonymous page cache on, as on a running site.
const e2e = useBrowserApp({ env: { PAGE_CACHE_FRESH_MS: '60000' } });

describe('a page served from the shared cache', () => {
  it('carries no cookie, and the visitor still gets their own before the first change they make', async () => {
    const em = e2e.db.em();
    em.create(FeatureFlag, { name: 'skip_sign_in_recaptcha', boolValue: true });
    em.create(FeatureFlag, { name: 'enable_passwords', boolValue: false });
    await em.flush();
    // Someone else's visit puts the home page in the cache.
    expect((await fetch(`${e2e.origin}/`)).headers.get('x-cache')).toBe('MISS');

    const page = await e2e.openPage({ session: null });
    const response = await e2e.gotoHydrated(page, '/');
    expect(response?.headers()['x-cache']).toBe('HIT');
    expect(await response?.headerValue('set-cookie')).toBeNull();
    await expect
      .poll(async () => (await page.context().cookies()).map((c) => c.name).sort())
      .toEqual(['qv', 'xsrf']);

    // A state-changing request needs the anti-forgery token: asking for a sign-up link works at once.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('button', { name: 'Sign up with email' }).click();
    await page.getByRole('textbox', { name: 'Your email', exact: true }).fill('cached@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Full name').fill('Cached Visitor');
    // The local captcha asks a sum; its answer is checked on the server, with the anti-forgery token.
    const question = (await page.getByText(/^What is \d+ \+ \d+\?$/).textContent()) ?? '';
    const [a, b] = question.match(/\d+/g)!.map(Number);
    await page.getByLabel(question).fill(String(a! + b!));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Check your inbox.').isVisible()).toBe(true);
    expect(await e2e.db.em().count(EmailOutbox, { to: 'cached@example.com' })).toBe(1);
  });
});
