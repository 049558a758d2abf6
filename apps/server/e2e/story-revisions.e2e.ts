import { Post } from '@quire/db';
import { storyRevisionTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageErrors, useBrowserApp, waitForHydration } from './harness';

// The page cache on: an anonymous reader would get a stale cached page if publishing did not purge it.
const e2e = useBrowserApp({ env: { PAGE_CACHE_FRESH_MS: '60000' } });
const { db } = e2e;

const body = (page: Page) => page.getByTestId('editor-body');
const storyById = (id: string) => db.em().findOneOrFail(Post, { id });

/** The story page as an anonymous reader gets it (no cookies, so the shared page cache serves it). */
const anonymousPage = async (id: string) => (await fetch(`${e2e.origin}/p/${id}`)).text();

/** Signs the browser in as a new writer; Partner Program writers may make stories members-only. */
async function signInWriter(name: string, opts: { partner?: boolean } = {}) {
  const em = db.em();
  const writer = await buildUser(em, { name, isPartnerProgramEnrolled: opts.partner ?? false });
  await e2e.setSession(await buildSession(em, writer));
  return writer;
}

/** Puts the cursor at the end of the story's last block and types. */
async function typeAtEnd(page: Page, text: string) {
  await body(page).locator(':scope > *').last().click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

describe('editing a published story in Chromium', () => {
  it('keeps the public page on the published text until Publish changes, then shows the edit', async () => {
    const writer = await signInWriter('Published Writer');
    const story = await buildPost(db.em(), { creator: writer, title: 'A story already out' });
    expect(await anonymousPage(story.id)).toContain('A quoted thought.');

    const editor = await e2e.openPage();
    const errors = pageErrors(editor);
    await editor.goto(`${e2e.origin}/p/${story.id}/edit`);
    await editor.getByTestId('editor-title').waitFor();
    expect(await editor.getByTestId('unpublished-changes').count()).toBe(0);
    await typeAtEnd(editor, ' A later thought.');

    // Autosaved as unpublished changes: the editor says so, and the server has the edit as a pending version.
    const banner = editor.getByTestId('unpublished-changes');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toContain(storyRevisionTexts.unpublishedChanges);
    await expect
      .poll(() => editor.getByTestId('save-status').textContent(), { timeout: 10_000 })
      .toBe('Saved');
    const saved = await storyById(story.id);
    expect(saved.latestRev).toBeGreaterThan(saved.latestPublishedRev);

    // Another page: the author's own story page and an anonymous reader's still have the published text.
    const reader = await e2e.openPage();
    await e2e.gotoHydrated(reader, `/p/${story.id}`);
    const readerBody = reader.locator('.q-post-body');
    expect(await readerBody.locator('blockquote').textContent()).toBe('A quoted thought.');
    expect(await anonymousPage(story.id)).not.toContain('A later thought.');
    // Reloading the editor opens on the unpublished changes.
    await editor.reload();
    await editor.getByTestId('editor-title').waitFor();
    expect(await body(editor).locator('blockquote').textContent()).toBe('A quoted thought. A later thought.');
    await banner.waitFor();

    await editor.getByTestId('publish-changes').click();
    await editor.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });
    await waitForHydration(editor);
    expect(await editor.locator('.q-post-body blockquote').textContent()).toBe(
      'A quoted thought. A later thought.',
    );
    await reader.reload();
    await waitForHydration(reader);
    expect(await readerBody.locator('blockquote').textContent()).toBe('A quoted thought. A later thought.');
    await expect.poll(() => anonymousPage(story.id), { timeout: 5000 }).toContain('A later thought.');
    expect(errors).toEqual([]);
    await editor.close();
    await reader.close();
  });

  it('discards unpublished changes: the editor goes back to the published text', async () => {
    const writer = await signInWriter('Second Thoughts');
    const story = await buildPost(db.em(), { creator: writer, title: 'A story kept as it is' });
    const editor = await e2e.openPage();
    await editor.goto(`${e2e.origin}/p/${story.id}/edit`);
    await editor.getByTestId('editor-title').waitFor();
    await typeAtEnd(editor, ' On second thoughts, no.');
    await editor.getByTestId('unpublished-changes').waitFor({ timeout: 10_000 });

    editor.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(storyRevisionTexts.confirmDiscard);
      void dialog.accept();
    });
    await editor.getByTestId('discard-changes').click();
    await expect
      .poll(() => editor.getByTestId('notice').textContent(), { timeout: 10_000 })
      .toContain(storyRevisionTexts.changesDiscarded);
    expect(await body(editor).locator('blockquote').textContent()).toBe('A quoted thought.');
    expect(await editor.getByTestId('unpublished-changes').count()).toBe(0);
    const after = await storyById(story.id);
    expect(after.latestRev).toBe(after.latestPublishedRev);
    expect(await anonymousPage(story.id)).not.toContain('On second thoughts');
    await editor.close();
  });
});

describe('the members-only choice in the publish dialog', () => {
  it('is shown only to writers the policy lets lock the story', async () => {
    const newcomer = await signInWriter('Brand New Writer');
    const draft = await buildPost(db.em(), { creator: newcomer, title: 'A first story', status: 'DRAFT' });
    const page = await e2e.openPage();
    await page.goto(`${e2e.origin}/p/${draft.id}/edit?settings=1`);
    await page.getByTestId('publish-dialog').waitFor();
    expect(await page.getByTestId('members-only').count()).toBe(0);
    expect(await page.getByText('Make this story members-only').count()).toBe(0);

    const partner = await signInWriter('Partner Program Writer', { partner: true });
    const own = await buildPost(db.em(), { creator: partner, title: 'A story for members', status: 'DRAFT' });
    await page.goto(`${e2e.origin}/p/${own.id}/edit?settings=1`);
    await page.getByTestId('publish-dialog').waitFor();
    await page.getByTestId('members-only').check();
    await page.getByTestId('publish-now').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 15_000 });
    expect((await storyById(own.id)).visibility).toBe('LOCKED');
    await page.close();
  });
});
