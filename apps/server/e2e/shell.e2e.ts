import { AnalyticsEvent, TaxDocument, UserDismissedFlag } from '@quire/db';
import { accountMenuTexts, errorPageTexts, partnerToastTexts, TaxDocumentStatus } from '@quire/domain';
import { seedDemo } from '@quire/seed';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserApp } from './harness';

const e2e = useBrowserApp({
  seed: (db, { media }) => seedDemo(db.orm, { media }),
  // Spec §2 Error page 500: routes that fail, registered before the server starts.
  setup: (app) => {
    app.get('/__e2e/boom', async () => {
      throw new Error('boom');
    });
    app.get('/__e2e/conflict', async () => {
      throw new Error('Request failed: 409: Conflict');
    });
  },
});
const { db, gotoHydrated } = e2e;
let memberToken: string;
let memberEmail: string;
let readerToken: string;
let writerToken: string;
const writerTitles: string[] = [];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
] as const;

beforeAll(async () => {
  const em = db.em();
  const member = await buildUser(em, { name: 'Shell Member', mediumMemberAt: Date.UTC(2024, 2, 15) });
  memberEmail = member.email ?? '';
  memberToken = await buildSession(em, member);
  readerToken = await buildSession(em, await buildUser(em, { name: 'Shell Reader' }));
  const writer = await buildUser(em, { name: 'Shell Writer' });
  for (let i = 0; i < 4; i++) {
    const post = await buildPost(em, { creator: writer, title: `Shell story ${i}` });
    writerTitles.push(post.title);
  }
  writerToken = await buildSession(em, writer);
});

/** A page at the viewport's size, signed in with `token` (or signed out). */
const openPage = (viewport: (typeof VIEWPORTS)[number], token: string | null) =>
  e2e.openPage({ viewport, session: token });

const topBarHidden = (page: Page) =>
  page.locator('header.q-topbar').evaluate((el) => (el as HTMLElement).dataset.hidden === 'true');

/** The account menu's item texts, in document order, once `viewer.me` has filled it in. */
async function menuItems(page: Page): Promise<string[]> {
  await page.locator('summary.q-avatar').click();
  const menu = page.getByTestId('avatar-menu');
  await menu.waitFor();
  return menu.locator('.q-menu-item').allTextContents();
}

/** Asserts that the profile header comes first, then that each label starts some item, in the given order. */
function expectInOrder(items: string[], name: string, labels: string[]) {
  expect(items[0]).toContain(name);
  const positions = labels.map((label) => items.findIndex((item) => item.trim().startsWith(label)));
  for (const [i, label] of labels.entries())
    expect(positions[i], `${label} in ${items.join(' | ')}`).toBeGreaterThan(-1);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

for (const viewport of VIEWPORTS) {
  describe(`app shell at ${viewport.width}px`, () => {
    it('hides the top bar when scrolling down past 40px and shows it again at the top', async () => {
      const page = await openPage(viewport, null);
      await gotoHydrated(page, '/');
      expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 2)).toBe(
        true,
      );
      expect(await topBarHidden(page)).toBe(false);
      // Within the threshold the bar stays.
      await page.evaluate(() => window.scrollTo(0, 30));
      await page.waitForTimeout(100);
      expect(await topBarHidden(page)).toBe(false);
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect.poll(() => topBarHidden(page)).toBe(true);
      await expect
        .poll(() => page.locator('header.q-topbar').evaluate((el) => getComputedStyle(el).opacity))
        .toBe('0');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => topBarHidden(page)).toBe(false);
      await expect.poll(() => page.locator('header.q-topbar').isVisible()).toBe(true);
      await page.close();
    });

    it('lists the account menu in the spec order for a member and a non-member', async () => {
      const t = accountMenuTexts;
      const member = await openPage(viewport, memberToken);
      await gotoHydrated(member, '/');
      await expect
        .poll(async () => (await menuItems(member)).some((i) => i.startsWith('Member since')))
        .toBe(true);
      const memberItems = await member.getByTestId('avatar-menu').locator('.q-menu-item').allTextContents();
      expectInOrder(memberItems, 'Shell Member', [
        t.writeAStory,
        t.stories,
        t.series,
        t.stats,
        t.settings,
        t.lists,
        t.publications,
        t.controlYourRecommendations,
        t.applyToPartnerProgram,
        t.giftAMembership,
        t.profile,
        t.help,
        t.signOut,
        'Member since March 2024',
        t.privacy,
        t.terms,
      ]);
      expect(memberItems.find((i) => i.startsWith(t.signOut))).toContain(memberEmail);
      expect(memberItems.some((i) => i.startsWith(t.becomeAMember))).toBe(false);
      await member.close();

      const reader = await openPage(viewport, readerToken);
      await gotoHydrated(reader, '/');
      const readerItems = await menuItems(reader);
      expectInOrder(readerItems, 'Shell Reader', [
        t.writeAStory,
        t.stories,
        t.stats,
        t.settings,
        t.lists,
        t.publications,
        t.controlYourRecommendations,
        t.becomeAMember,
        t.help,
        t.signOut,
        t.privacy,
        t.terms,
      ]);
      expect(readerItems.some((i) => i.startsWith(t.giftAMembership))).toBe(false);
      expect(readerItems.some((i) => i.startsWith('Member since'))).toBe(false);
      await reader.close();
    });

    it('auto-hides a toast after its 5 seconds, pausing while it is hovered', async () => {
      const page = await openPage(viewport, writerToken);
      await gotoHydrated(page, '/me/stories/public');
      const toast = page.locator('.q-toast');
      const deleteStory = async () => {
        await page.getByRole('button', { name: 'Delete story' }).first().click();
        await toast.waitFor();
        expect(await toast.textContent()).toMatch(
          /moved to Trash\. After 14 days, it'll be permanently deleted\./,
        );
      };

      // Hovered at once: still there well past 5 seconds; after leaving, gone within the rest of its time.
      await page.mouse.move(0, 0);
      await deleteStory();
      await toast.hover();
      await page.waitForTimeout(6000);
      expect(await toast.isVisible()).toBe(true);
      await page.mouse.move(0, 0);
      await expect.poll(() => toast.count(), { timeout: 6000 }).toBe(0);

      // Not hovered: visible for a while, then hidden after 5 seconds.
      const shown = Date.now();
      await deleteStory();
      await page.waitForTimeout(3000);
      expect(await toast.isVisible()).toBe(true);
      await expect.poll(() => toast.count(), { timeout: 5000 }).toBe(0);
      expect(Date.now() - shown).toBeGreaterThanOrEqual(4500);
      await page.close();
    });

    it('shows the Open in app strip on small screens only, tagged with the route', async () => {
      const page = await openPage(viewport, null);
      await gotoHydrated(page, '/');
      const strip = page.getByTestId('open-in-app');
      expect(await strip.isVisible()).toBe(viewport.width < 552);
      // Hidden on wide screens, so found by its element rather than its (absent) accessible role.
      const href = await strip.locator('a').getAttribute('href');
      const url = new URL(href ?? '', e2e.origin);
      expect(url.pathname).toBe('/m/app');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ signedIn: 'false', route: 'ShowHome' });
      await page.close();
    });

    it('shows the EU privacy banner once to a GB visitor and never to a US visitor', async () => {
      const gb = await openPage(viewport, null);
      await gb.setExtraHTTPHeaders({ 'cf-ipcountry': 'GB' });
      await gotoHydrated(gb, '/');
      await gb.evaluate(() => window.localStorage.clear());
      await gotoHydrated(gb, '/');
      const banner = gb.getByTestId('privacy-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('we log user data');
      await banner.getByRole('button', { name: 'Got it' }).click();
      await expect.poll(() => banner.count()).toBe(0);
      await gotoHydrated(gb, '/');
      await gb.waitForTimeout(300);
      expect(await banner.count()).toBe(0);
      await gb.evaluate(() => window.localStorage.clear());
      await gb.close();

      const us = await openPage(viewport, null);
      await us.setExtraHTTPHeaders({ 'cf-ipcountry': 'US' });
      await gotoHydrated(us, '/');
      await us.waitForTimeout(300);
      expect(await us.getByTestId('privacy-banner').count()).toBe(0);
      await us.close();
    });
  });
}

describe('error page', () => {
  it('answers 500 with the apology, and 409 for a conflict', async () => {
    const page = await openPage(VIEWPORTS[0], null);
    const boom = await page.goto(`${e2e.origin}/__e2e/boom`);
    expect(boom?.status()).toBe(500);
    await expect.poll(() => page.locator('body').textContent()).toContain(errorPageTexts.serverError);
    expect(errorPageTexts.serverError).toBe('Apologies, but something went wrong on our end.');
    await page.setViewportSize({ width: 375, height: 740 });
    const conflict = await page.goto(`${e2e.origin}/__e2e/conflict`);
    expect(conflict?.status()).toBe(409);
    expect(await page.locator('body').textContent()).toContain(errorPageTexts.serverError);
    await page.close();
  });
});

describe('preloading', () => {
  it("loads a story's data after hovering its card link, and Your stories on focus", async () => {
    const page = await openPage(VIEWPORTS[0], writerToken);
    await gotoHydrated(page, '/');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(decodeURIComponent(r.url())));
    await page.mouse.move(0, 0);
    await page.locator('.q-card-link').first().hover();
    await expect.poll(() => requests.some((u) => u.includes('posts.byId'))).toBe(true);
    await page.locator('summary.q-avatar').click();
    await page.getByTestId('avatar-menu').getByText('Stories', { exact: true }).focus();
    await expect.poll(() => requests.some((u) => u.includes('posts.mine'))).toBe(true);
    await page.close();
  });
});

describe('Partner Program toasts', () => {
  it('asks a writer who accepted the old terms to review them until Got it, then shows the tax status', async () => {
    const em = db.em();
    const writer = await buildUser(em, {
      name: 'Partner Writer',
      isPartnerProgramEnrolled: true,
      hightowerTermsAcceptedAt: new Date('2021-01-05T00:00:00Z'),
    });
    em.create(TaxDocument, { user: writer, status: TaxDocumentStatus.INVALID });
    await em.flush();
    const page = await openPage(VIEWPORTS[0], await buildSession(em, writer));
    await gotoHydrated(page, '/');
    const terms = page.locator('.q-toast[data-toast-style="PP_ACCEPT_TERMS"]');
    await terms.waitFor();
    expect(await terms.textContent()).toContain(partnerToastTexts.termsChanged);
    expect(await terms.evaluate((el) => el.getBoundingClientRect().width)).toBe(340);
    await terms.getByRole('button', { name: 'Got it' }).click();

    // Dismissed for good: the next page shows the tax status instead (forms found invalid).
    const tax = page.locator('.q-toast[data-toast-style="TAX_STATUS"]');
    await tax.waitFor();
    expect(await tax.textContent()).toContain('There was an issue with your tax forms.');
    await expect
      .poll(async () =>
        db.em().count(UserDismissedFlag, { user: writer.id, flag: 'PP_TERMS_ACKNOWLEDGEMENT' }),
      )
      .toBe(1);
    await gotoHydrated(page, '/');
    await tax.waitFor();
    expect(await terms.count()).toBe(0);
    expect(
      await tax.getByRole('link', { name: partnerToastTexts.resubmitTaxForms }).getAttribute('href'),
    ).toBe('/me/partner/taxes');
    await page.close();
  });
});

describe('analytics events', () => {
  it('sends footer, privacy banner and sign-in modal events in a batch, and none from a headless browser', async () => {
    const humanUa =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
    const page = await openPage(VIEWPORTS[1], null);
    await page.addInitScript(
      (ua) => Object.defineProperty(navigator, 'userAgent', { get: () => ua }),
      humanUa,
    );
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'FR', 'user-agent': humanUa });
    await gotoHydrated(page, '/');
    await page.evaluate(() => window.localStorage.clear());
    const before = await db.em().count(AnalyticsEvent, {});
    await gotoHydrated(page, '/');
    await page.getByTestId('privacy-banner').getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');
    // A tracked footer link; leaving the page flushes the held events at once.
    await page.locator('footer.q-footer').getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${e2e.origin}/about`);
    const keys = async () =>
      (await db.em().find(AnalyticsEvent, {}, { orderBy: { occurredAt: 'asc' } }))
        .slice(before)
        .map((e) => e.key);
    await expect
      .poll(keys, { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          'openInApp.viewed',
          'privacyBanner.shown',
          'privacyBanner.accepted',
          'susi.viewed',
          'nav.clicked',
        ]),
      );
    const shown = await db.em().findOneOrFail(AnalyticsEvent, { key: 'privacyBanner.shown' });
    expect(shown.data).toMatchObject({ service: 'lite', browserWidth: 375 });
    const about = await db.em().findOneOrFail(AnalyticsEvent, { key: 'nav.clicked' });
    expect(about.data).toMatchObject({ name: 'about' });
    await page.evaluate(() => window.localStorage.clear());
    await page.close();

    // The headless browser's own user agent marks it a bot: its pages (told apart by a query) send nothing.
    const bot = await openPage(VIEWPORTS[1], null);
    await bot.setExtraHTTPHeaders({ 'cf-ipcountry': 'FR' });
    await gotoHydrated(bot, '/?headless-check');
    await bot.goto(`${e2e.origin}/m/tos?headless-check`);
    await bot.waitForTimeout(500);
    const fromBot = (await db.em().find(AnalyticsEvent, {})).filter((e) =>
      String(e.data.location ?? '').includes('headless-check'),
    );
    expect(fromBot).toEqual([]);
    await bot.close();
  });
});
