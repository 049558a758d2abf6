import { Collection } from '@quire/db';
import { publicationAdminTexts, publicationDesignTexts as texts, validationMessages } from '@quire/domain';
import { buildCollection, buildPost, buildSession, buildUser } from '@quire/test-harness';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { horizontalOverflow } from './checks';
import { consoleErrors, pageErrors, useBrowserApp, waitForHydration } from './harness';

const e2e = useBrowserApp();
const { db } = e2e;

/** A custom property's value as the browser computes it on an element. */
const cssVar = (locator: Locator, name: string) =>
  locator.evaluate((el, n) => getComputedStyle(el).getPropertyValue(n).trim(), name);

describe('a publication’s design in Chromium', () => {
  it('previews the header as fields change, refuses a bad colour next to it, saves, and the pages show it', async () => {
    const em = db.em();
    const owner = await buildUser(em, { name: 'Odile Owner' });
    const publication = await buildCollection(em, {
      creator: owner,
      slug: 'night-shift',
      name: 'The Night Shift',
    });
    publication.tagline = 'Stories written after dark';
    await em.flush();

    const page = await e2e.openPage({ session: await buildSession(em, owner) });
    const errors = pageErrors(page);
    const logged = consoleErrors(page);
    await e2e.gotoHydrated(page, '/night-shift/design');
    const preview = page.getByTestId('design-preview').locator('.q-pub');
    const form = page.getByTestId('publication-design');

    // The preview follows the form before anything is saved.
    await form.getByRole('textbox', { name: texts.tintColor }).fill('rgba(10, 37, 64, 1)');
    await expect.poll(() => cssVar(preview, '--q-accent')).toBe('rgba(10, 37, 64, 1)');
    await form.getByRole('radio', { name: texts.taglineTreatments.SIDEBAR }).check();
    await expect
      .poll(() => preview.locator('.q-pub-sidebar').textContent())
      .toBe('Stories written after dark');
    await form.getByRole('radio', { name: texts.headerScales.LARGE }).check();
    const name = preview.locator('.q-pub-name');
    await expect.poll(() => name.evaluate((el) => getComputedStyle(el).fontSize)).toBe('42px');
    await form.getByRole('radio', { name: texts.nameTreatments.LOGO }).check();
    expect(await page.getByTestId('logo-missing').count()).toBe(1);
    const png = await sharp({
      create: { width: 1200, height: 300, channels: 3, background: { r: 20, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    await form
      .getByTestId('header-image-field')
      .locator('input[type=file]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => preview.getByTestId('publication-header-image').count()).toBe(1);

    // A colour outside the spec's forms: its message under its field, nothing saved.
    const background = form.getByRole('textbox', { name: texts.backgroundColor });
    await background.fill('#1A8917');
    await form.getByRole('button', { name: texts.save }).click();
    await expect.poll(() => background.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('alert').first().textContent()).toBe(validationMessages.invalidColor);
    expect((await db.em().fork().findOneOrFail(Collection, publication.id)).tintColor).toBeNull();

    await background.fill('#FF1A8917');
    await form.getByRole('button', { name: texts.save }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(texts.saved);
    expect(await db.em().fork().findOneOrFail(Collection, publication.id)).toMatchObject({
      backgroundColor: '#FF1A8917',
      tintColor: '#FF0A2540',
      headerScale: 'LARGE',
      taglineTreatment: 'SIDEBAR',
    });

    // The publication's page draws the same header.
    await e2e.gotoHydrated(page, '/night-shift');
    const wrapper = page.getByTestId('publication-design');
    expect(await cssVar(wrapper, '--q-accent')).toBe('rgba(10, 37, 64, 1)');
    const header = wrapper.locator('.q-pub-header');
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(26, 137, 23)');
    expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    expect(await wrapper.getByTestId('publication-sidebar').textContent()).toBe('Stories written after dark');
    expect(
      await wrapper
        .getByTestId('publication-header-image')
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    expect(await wrapper.getByRole('heading', { name: 'The Night Shift', level: 1 }).count()).toBe(1);

    // /edit opens the same page at its header; Reset brings the default design back.
    await e2e.gotoHydrated(page, '/night-shift/edit');
    await page.getByTestId('publication-design').getByRole('button', { name: texts.reset }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(texts.resetDone);
    await waitForHydration(page);
    expect((await db.em().fork().findOneOrFail(Collection, publication.id)).backgroundColor).toBeNull();
    expect(errors).toEqual([]);
    // The one refused save is the browser's only complaint (a 400 it logs by itself).
    expect(logged.filter((line) => !line.includes('status of 400'))).toEqual([]);
    await page.close();
  });

  it('lays the home out as a grid, one column on a phone, and the owner archives it from the settings', async () => {
    const em = db.em();
    const owner = await buildUser(em, { name: 'Grace Grid' });
    const publication = await buildCollection(em, { creator: owner, slug: 'grid-times', name: 'Grid Times' });
    for (const title of ['First square', 'Second square', 'Third square'])
      await buildPost(em, { creator: owner, collection: publication, title });
    const session = await buildSession(em, owner);
    const page = await e2e.openPage({ session });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, '/grid-times/design');
    const form = page.getByTestId('publication-design');
    await form.getByRole('radio', { name: texts.homeLayouts.GRID }).check();
    await form.getByRole('button', { name: texts.save }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(texts.saved);
    expect((await db.em().fork().findOneOrFail(Collection, publication.id)).homeLayout).toBe('GRID');

    const columns = () =>
      page
        .locator('.q-story-grid')
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    await e2e.gotoHydrated(page, '/grid-times');
    expect(await page.locator('.q-story-grid .q-story-card').count()).toBe(3);
    expect(await columns()).toBe(2);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(columns).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await e2e.gotoHydrated(page, '/grid-times/settings');
    const archive = page.getByTestId('archive-publication');
    await archive.getByRole('button', { name: publicationAdminTexts.archiveButton }).click();
    await expect
      .poll(() => archive.getByRole('status').textContent())
      .toBe(publicationAdminTexts.archived('Grid Times'));
    expect(await archive.getByRole('button', { name: publicationAdminTexts.unarchiveButton }).count()).toBe(
      1,
    );
    await e2e.gotoHydrated(page, '/grid-times');
    expect(await page.getByTestId('publication-archived').textContent()).toBe(
      publicationAdminTexts.archivedNotice,
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
