import { readFile } from 'node:fs/promises';
import { exportTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startWorker } from '../src/worker';
import { seriousViolations } from './checks';
import { consoleErrors, pageErrors, useBrowserApp } from './harness';

/*
 * Spec §2 /me/export[/{exportId}] in Chromium: a writer asks for an export, watches it become ready (the job
 * worker builds it), downloads the zip and finds their story in it; another user's export id is a 404.
 */

const e2e = useBrowserApp();
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: e2e.dataDir });
  worker = await startWorker({ orm: e2e.db.orm, url: e2e.db.url, config, log: () => {} });
});
afterAll(async () => {
  await worker?.stop();
});

describe('export and download (spec §2 /me/export)', () => {
  it('requests an export, sees it become ready, downloads the zip with the story in it', async () => {
    const em = e2e.db.em();
    const writer = await buildUser(em, { name: 'Zip Writer' });
    const story = await buildPost(em, {
      creator: writer,
      title: 'Salt and lanterns',
      content: {
        paragraphs: [
          { name: 'z1', type: 'P', text: 'The lantern burned until the tide turned.', markups: [] },
        ],
      },
    });
    const token = await buildSession(em, writer);

    const page = await e2e.openPage({ session: token, viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    const logged = consoleErrors(page);
    await e2e.gotoHydrated(page, '/me/export');
    await page.getByRole('heading', { name: exportTexts.title }).waitFor();
    await page.getByText(exportTexts.recentEmpty).waitFor();
    expect(await seriousViolations(page, 'main')).toEqual([]);

    await page.getByRole('button', { name: exportTexts.request }).click();
    await page.waitForURL(/\/me\/export\/[0-9a-f]{32}$/);
    const exportId = page.url().split('/').pop()!;
    // The page follows the job until the export is ready.
    await page.locator('[data-testid="export-status"][data-status="READY"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('export-percent').textContent()).toBe('100%');
    expect(await seriousViolations(page, 'main')).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: exportTexts.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quire-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const html = Object.keys(zip).find((n) => n.startsWith('stories/') && n.endsWith(`${story.id}.html`));
    expect(html).toBeDefined();
    expect(strFromU8(zip[html!]!)).toContain('The lantern burned until the tide turned.');
    expect(strFromU8(zip[html!.replace(/\.html$/, '.md')]!)).toContain('# Salt and lanterns');
    expect(JSON.parse(strFromU8(zip['profile.json']!)).name).toBe('Zip Writer');

    // The list shows it as ready.
    await e2e.gotoHydrated(page, '/me/export');
    await page.locator('[data-testid="export-item"] [data-status="READY"]').waitFor();

    // Another user's export id: a 404 that tells nothing.
    const other = await buildUser(e2e.db.em(), { name: 'Curious Other' });
    const otherPage = await e2e.openPage({ session: await buildSession(e2e.db.em(), other) });
    const res = await otherPage.goto(`${e2e.origin}/me/export/${exportId}`);
    expect(res?.status()).toBe(404);
    expect(await otherPage.content()).not.toContain('Zip Writer');
    const file = await otherPage.request.get(`${e2e.origin}/me/export/${exportId}/download`);
    expect(file.status()).toBe(404);

    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
  });
});
