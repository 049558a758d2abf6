import { dialogTexts, profileMenuTexts, socialMenuTexts, topBarTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleErrors, useBrowserApp } from './harness';

/*
 * Issue 15 keyboard access in Chromium: focus is visible, and each modal (sign-in, a menu's report dialog, the
 * editor's story settings) keeps Tab inside, closes on Escape and gives focus back to what opened it.
 */

const e2e = useBrowserApp();

/** Whether the focused element is inside `dialog`. */
const focusInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

/** Tabs forwards then backwards through more stops than the dialog has; focus must never leave it. */
async function expectTrapped(page: Page, dialog: Locator) {
  await expect.poll(() => focusInside(dialog)).toBe(true);
  for (const key of [...Array(14).fill('Tab'), ...Array(8).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await focusInside(dialog), key).toBe(true);
  }
}

/** Opens a dialog from the keyboard, checks the trap, closes it with Escape and expects focus back on `opener`. */
async function checkModal(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await expectTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('keyboard focus in Chromium', () => {
  it('shows where focus is, with the design system outline', async () => {
    const page = await e2e.openPage({ session: null, viewport: { width: 1280, height: 900 } });
    await e2e.gotoHydrated(page, '/about');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThan(0);
    await page.close();
  });

  it('traps focus in the sign-in modal and returns it to the top bar', async () => {
    const page = await e2e.openPage({ session: null, viewport: { width: 1280, height: 900 } });
    const errors = consoleErrors(page);
    await e2e.gotoHydrated(page, '/about');
    const signIn = page.locator('.q-topbar').getByText(topBarTexts.signIn, { exact: true });
    await checkModal(page, signIn, page.locator('.q-susi[role="dialog"]'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('traps focus in a menu dialog and returns it to the menu button', async () => {
    const em = e2e.db.em();
    const reader = await buildUser(em, { name: 'Keyboard Reader' });
    const writer = await buildUser(em, { name: 'Reported Writer', username: 'reportedwriter' });
    const page = await e2e.openPage({ session: await buildSession(em, reader) });
    await page.setViewportSize({ width: 1280, height: 900 });
    await e2e.gotoHydrated(page, `/@${writer.username}`);
    const menuButton = page.getByRole('button', { name: socialMenuTexts.moreOptions }).first();
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const report = page.getByRole('menuitem', { name: profileMenuTexts.reportAuthor });
    await report.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('report-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(dialogTexts.reportUserTitle);
    await expectTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });

  it('story settings: a modal on desktop, an opaque full-screen step on a phone, and a focus trap on both', async () => {
    const em = e2e.db.em();
    const writer = await buildUser(em, { name: 'Keyboard Writer' });
    await e2e.setSession(await buildSession(em, writer));
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ]) {
      const page = await e2e.openPage({ viewport });
      await page.goto(`${e2e.origin}/new-story`);
      await page.waitForURL(/\/p\/[0-9a-f]{8,16}\/edit$/);
      await page.getByTestId('editor-title').click();
      await page.keyboard.type('Keys only');
      const publish = page.getByTestId('publish-button');
      const dialog = page.getByTestId('publish-dialog');
      await checkModal(page, publish, dialog);

      await publish.click();
      const box = (await dialog.boundingBox())!;
      const backdrop = await page
        .locator('.e-dialog-backdrop')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      // 'rgba(…, a)' or 'color(srgb r g b / a)'; no alpha is opaque.
      const alpha = (color: string) =>
        Number((/^rgba\(.*,\s*([\d.]+)\)$/.exec(color) ?? /\/\s*([\d.]+)\)$/.exec(color))?.[1] ?? 1);
      if (viewport.width < 552) {
        // Full screen and opaque: nothing of the editor shows through.
        expect(Math.round(box.width)).toBe(viewport.width);
        expect(box.x).toBe(0);
        expect(alpha(backdrop)).toBe(1);
      } else {
        // A panel no wider than the spec's 900 px modal, centred over the editor, which shows dimmed behind it.
        expect(box.width).toBeLessThanOrEqual(900);
        expect(box.x).toBeGreaterThan(0);
        expect(alpha(backdrop)).toBeLessThan(1);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.close();
    }
    await e2e.setSession(null);
  });
});
