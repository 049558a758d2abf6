import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Post, PostVersion } from '@quire/db';
import { buildSession, buildUser } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageErrors, useBrowserApp, waitForHydration } from './harness';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-writing-e2e-'));
// Registered before the harness, so it runs after the server has closed.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
/** While true the server answers every autosave with 503, as if it were unreachable. */
let savesDown = false;

const e2e = useBrowserApp({
  env: { PAGE_CACHE_FRESH_MS: '0', DATA_DIR: dataDir },
  setup: (app) => {
    app.addHook('onRequest', async (req, reply) => {
      if (savesDown && req.url.startsWith('/trpc/posts.save')) {
        return reply.code(503).send({ error: { message: 'Service unavailable' } });
      }
    });
  },
});
const { db } = e2e;

const CONFLICT_MESSAGE =
  'This story was changed in another tab or window. Your text here is kept; copy what you need, then reload.';

beforeAll(async () => {
  // Signed in as a fresh writer: a session row and its cookie.
  const em = db.em();
  const writer = await buildUser(em, { name: 'Chromium Writer' });
  await e2e.setSession(await buildSession(em, writer));
});

/** Opens a new story and waits for the editor on its /p/{id}/edit address; returns the story id. */
async function newStory(page: Page): Promise<string> {
  await page.goto(`${e2e.origin}/new-story`);
  await page.waitForURL(/\/p\/[0-9a-f]{8,16}\/edit$/);
  await page.getByTestId('editor-title').waitFor();
  return /\/p\/([0-9a-f]+)\/edit$/.exec(page.url())![1]!;
}

const body = (page: Page) => page.getByTestId('editor-body');
const storyById = (id: string) => db.em().findOneOrFail(Post, { id });

/** Puts the cursor at the end of the story's last block. */
async function typeAtEnd(page: Page, text: string) {
  await body(page).locator(':scope > *').last().click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

describe('writing in Chromium', () => {
  it('writes a story with a heading, list, quote, code block and image, publishes it and reads it', async () => {
    const page = await e2e.openPage();
    const errors = pageErrors(page);
    const id = await newStory(page);

    await page.getByTestId('editor-title').click();
    await page.keyboard.type('Notes from the editor');
    // Each keystroke is measured from dispatch to the next frame, for the editor bench.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('keystroke', 'measure').length))
      .toBeGreaterThanOrEqual('Notes from the editor'.length);
    await body(page).locator('p').first().click();
    await page.keyboard.type('# A heading of its own');
    await page.keyboard.press('Enter');
    await page.keyboard.type('An opening paragraph.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- First point');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second point');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> A quoted thought');
    await page.keyboard.press('Enter');
    await page.keyboard.type('```');
    await page.keyboard.type('const answer = 42;');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');

    // The cursor is on an empty line: the insert menu is there, and the picker uploads the image.
    await expect.poll(() => page.getByTestId('insert-menu').isVisible()).toBe(true);
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('image-input')
      .setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: png });
    const editorImage = body(page).locator('figure img');
    await editorImage.waitFor();
    expect(await editorImage.getAttribute('src')).toMatch(/^\/media\/[^?]+\?w=1400$/);

    // Writing the caption, the editor asks for the image's alt text.
    await body(page).locator('figure figcaption').click();
    await page.getByTestId('image-alt').getByLabel('Alt text').fill('A blue square');
    await expect.poll(() => editorImage.getAttribute('alt')).toBe('A blue square');

    // Formatting from the floating toolbar: select the opening paragraph and make it bold.
    await body(page).getByText('An opening paragraph.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect.poll(() => body(page).locator('p strong').count()).toBeGreaterThan(0);

    // Autosaved: the server has every block type.
    await expect
      .poll(async () => (await storyById(id)).content.paragraphs.map((p) => p.type).join(' '), {
        timeout: 10_000,
      })
      .toBe('H3 P ULI ULI BQ PRE IMG P');
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 10_000 }).toBe('Saved');

    await page.getByTestId('publish-button').click();
    const topic = page.getByTestId('topic-input');
    await topic.fill('Writing');
    await topic.press('Enter');
    await topic.fill('Browsers');
    await topic.press('Enter');
    expect(await page.getByTestId('topic-chip').count()).toBe(2);
    await page.getByTestId('publish-now').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });

    const published = await storyById(id);
    expect(published.status).toBe('PUBLISHED');
    await waitForHydration(page);
    const story = page.locator('.q-post-body');
    // The story's heading (an H3 paragraph) is the first level under the page's title, sized as an H3.
    expect(await story.locator('h2.q-heading-h3').textContent()).toBe('A heading of its own');
    expect(await story.locator('ul li').allTextContents()).toEqual(['First point', 'Second point']);
    expect(await story.locator('blockquote').textContent()).toBe('A quoted thought');
    expect(await story.locator('pre code').textContent()).toBe('const answer = 42;');
    expect(await story.locator('strong').first().textContent()).toBe('An opening paragraph');
    const img = story.locator('figure img');
    expect(await img.getAttribute('src')).toMatch(/^\/media\//);
    expect(await img.getAttribute('alt')).toBe('A blue square');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps what was typed when the page reloads before the autosave', async () => {
    const page = await e2e.openPage();
    const id = await newStory(page);
    await page.getByTestId('editor-title').click();
    await page.keyboard.type('Typed just before a reload');
    await body(page).locator('p').first().click();
    await page.keyboard.type('Every word of this survives.');
    await page.reload();
    await page.getByTestId('editor-title').waitFor();
    expect(await page.getByTestId('editor-title').textContent()).toBe('Typed just before a reload');
    expect(await body(page).locator('p').first().textContent()).toBe('Every word of this survives.');
    await expect
      .poll(async () => (await storyById(id)).content.paragraphs[0]?.text, { timeout: 10_000 })
      .toBe('Every word of this survives.');
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 10_000 }).toBe('Saved');

    // With the server unreachable, nothing but the local backup has the new words when the page reloads.
    savesDown = true;
    try {
      await typeAtEnd(page, ' Even these.');
      await expect
        .poll(() => page.getByTestId('save-status').textContent(), { timeout: 10_000 })
        .toBe('Offline');
      await page.reload();
      await page.getByTestId('editor-title').waitFor();
    } finally {
      savesDown = false;
    }
    expect(await body(page).locator('p').first().textContent()).toBe(
      'Every word of this survives. Even these.',
    );
    expect(await page.getByTestId('notice').textContent()).toContain('Restored your unsaved changes.');
    await expect
      .poll(async () => (await storyById(id)).content.paragraphs[0]?.text, { timeout: 10_000 })
      .toBe('Every word of this survives. Even these.');

    // ?settings=1 (the post management menu's Story settings) opens the publish dialog.
    await page.goto(`${e2e.origin}/p/${id}/edit?settings=1`);
    await page.getByTestId('publish-dialog').waitFor();
    expect(await page.getByTestId('topic-input').getAttribute('placeholder')).toBe('Add a topic…');
    await page.close();
  });

  it('keeps both tabs’ text when two tabs edit one draft', async () => {
    const tabA = await e2e.openPage();
    const id = await newStory(tabA);
    await tabA.getByTestId('editor-title').click();
    await tabA.keyboard.type('Shared draft');
    await expect.poll(async () => (await storyById(id)).title, { timeout: 10_000 }).toBe('Shared draft');
    await expect.poll(() => tabA.getByTestId('save-status').textContent(), { timeout: 10_000 }).toBe('Saved');

    const tabB = await e2e.openPage();
    await tabB.goto(`${e2e.origin}/p/${id}/edit`);
    await tabB.getByTestId('editor-title').waitFor();
    expect(await tabB.getByTestId('editor-title').textContent()).toBe('Shared draft');

    await typeAtEnd(tabA, 'Written in tab A.');
    await expect
      .poll(async () => (await storyById(id)).content.paragraphs[0]?.text, { timeout: 10_000 })
      .toBe('Written in tab A.');

    await typeAtEnd(tabB, 'Written in tab B.');
    const status = tabB.getByTestId('save-status');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toContain(CONFLICT_MESSAGE);
    // Nothing was overwritten, and tab B still has its own text.
    expect((await storyById(id)).content.paragraphs[0]?.text).toBe('Written in tab A.');
    expect(await body(tabB).locator('p').first().textContent()).toBe('Written in tab B.');
    expect(await body(tabA).locator('p').first().textContent()).toBe('Written in tab A.');
    expect(await tabB.getByRole('button', { name: 'Copy my text' }).isVisible()).toBe(true);

    await tabB.getByRole('button', { name: 'Keep my version' }).click();
    await expect
      .poll(async () => (await storyById(id)).content.paragraphs[0]?.text, { timeout: 10_000 })
      .toBe('Written in tab B.');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Saved');
    await tabA.close();
    await tabB.close();
  });

  it('restores an earlier version after asking', async () => {
    const page = await e2e.openPage();
    const id = await newStory(page);
    await page.getByTestId('editor-title').click();
    await page.keyboard.type('Versioned');
    await body(page).locator('p').first().click();
    await page.keyboard.type('The first draft.');
    await expect
      .poll(async () => (await storyById(id)).content.paragraphs[0]?.text, { timeout: 10_000 })
      .toBe('The first draft.');
    const [version] = await db.em().find(PostVersion, { post: id }, { orderBy: { rev: 'desc' } });
    await typeAtEnd(page, ' Then more.');
    await expect
      .poll(async () => (await storyById(id)).content.paragraphs[0]?.text, { timeout: 10_000 })
      .toBe('The first draft. Then more.');
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 10_000 }).toBe('Saved');
    const { latestRev } = await storyById(id);

    await page.goto(`${e2e.origin}/p/${id}/revert/${version!.id}/${latestRev}`);
    await page.getByTestId('revert-confirm').waitFor();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.waitForURL(`${e2e.origin}/p/${id}/edit`);
    await expect.poll(() => body(page).locator('p').first().textContent()).toBe('The first draft.');
    expect((await storyById(id)).content.paragraphs[0]?.text).toBe('The first draft.');
    await page.close();
  });

  it('asks signed-out visitors to sign in first', async () => {
    const page = await e2e.openPage({ session: null });
    await page.goto(`${e2e.origin}/new-story`);
    const link = page.getByTestId('signed-out').getByRole('link', { name: 'Sign in' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/m/signin?redirect=/new-story');
    expect(new URL(page.url()).pathname).toBe('/new-story');
    await page.close();
  });
});
