import { postPath } from '@quire/api';
import { Post, User } from '@quire/db';
import {
  bookmarkTexts,
  clapTexts,
  FREE_STORIES_PER_MONTH,
  highlightTexts,
  listTexts,
  noteTexts,
  paywallTexts,
  postPromptTexts,
  RESPONSES_DEPTH_LIMIT,
  responseTexts,
  seriesTexts,
  toastTexts,
} from '@quire/domain';
import { DEMO, seedDemo } from '@quire/seed';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { consoleErrors, pageErrors, useBrowserApp, waitForHydration } from './harness';

// The seeded pages never change during these journeys, so the page cache keeps its default freshness.
const e2e = useBrowserApp({ seed: (db, { media }) => seedDemo(db.orm, { media }), env: {} });
const { db } = e2e;

describe('reading in Chromium', () => {
  it('serves the home page with seeded stories in the HTML, then hydrates and fetches more on click', async () => {
    // The raw HTML, before any script runs, already lists a seeded story.
    const html = await (await fetch(`${e2e.origin}/`)).text();
    expect(html).toContain(DEMO.story.title);

    const page = await e2e.openPage();
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, '/');
    const cards = page.locator('[data-testid="feed"] article');
    const before = await cards.count();
    expect(before).toBe(20);

    // Client-side interactions: a tab switch in React state, then a tRPC fetch for the next page.
    await page.getByRole('tab', { name: 'Following' }).click();
    await expect.poll(() => page.getByTestId('following-empty').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'For you' }).click();
    await page.getByRole('button', { name: 'Show more stories' }).click();
    await expect.poll(() => cards.count()).toBe(40);
    expect(page.url()).toBe(`${e2e.origin}/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads the next page on scroll, and takes a story out of For you with Got it and back with Undo', async () => {
    const em = db.em();
    const token = await buildSession(em, await buildUser(em, { name: 'Scroll Reader' }));
    const page = await e2e.openPage({ session: token });
    await e2e.gotoHydrated(page, '/');
    const cards = page.locator('[data-testid="feed"] article');
    expect(await cards.count()).toBe(20);
    // Spec §9: within 1.5 viewport heights of the end, the next page loads without a click.
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => cards.count()).toBe(40);

    await page.evaluate(() => window.scrollTo(0, 0));
    const first = cards.first();
    const title = await first.locator('h2').textContent();
    await first.getByRole('button', { name: 'Show less like this' }).click();
    const toast = page.locator('.q-toast[data-toast-style="USER_NEGATIVE_SIGNAL"]');
    await expect.poll(() => toast.textContent()).toContain('Got it. You will see fewer stories like this.');
    await expect
      .poll(() => page.locator('[data-testid="feed"] h2', { hasText: title ?? '' }).count())
      .toBe(0);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => page.locator('.q-toast').textContent())
      .toContain('Undone. This story has been added back.');
    await expect
      .poll(() => page.locator('[data-testid="feed"] h2', { hasText: title ?? '' }).count())
      .toBe(1);
    await page.close();
    await e2e.setSession(null);
  });

  it('opens a story from the feed and renders its paragraphs', async () => {
    const page = await e2e.openPage();
    const logged = consoleErrors(page);
    const thrown = pageErrors(page);
    await e2e.gotoHydrated(page, DEMO.story.path);
    await expect.poll(() => page.title()).toBe(`${DEMO.story.title} | Quire`);
    expect(await page.locator('.q-post-body h3, .q-post-body h4').count()).toBeGreaterThan(0);
    expect(await page.locator('.q-post-body p').count()).toBeGreaterThan(2);
    // The story page's module loaded before hydration: the server's HTML was adopted without a mismatch.
    await page.waitForTimeout(300);
    expect([...logged, ...thrown]).toEqual([]);
    await page.close();
  });

  it('claps for a story in bursts, keeps the claps across a reload, and undoes them', async () => {
    const em = db.em();
    const token = await buildSession(em, await buildUser(em, { name: 'Clapping Reader' }));
    const page = await e2e.openPage({ session: token });
    await e2e.gotoHydrated(page, DEMO.story.path);
    const count = page.getByTestId('clap-count');
    const before = Number.parseInt((await count.textContent()) ?? '', 10);
    const button = page.getByRole('button', { name: clapTexts.clap, exact: true });
    const sent = page.waitForResponse((res) => res.url().includes('posts.clap'));
    for (let i = 0; i < 3; i++) await button.click();
    // Shown at once, sent as one burst a moment later.
    expect(await count.textContent()).toBe(clapTexts.claps(before + 3));
    expect(await page.getByTestId('viewer-claps').textContent()).toBe(clapTexts.yours(3));
    const burst = await sent;
    expect(burst.status()).toBe(200);
    // One batched call carrying the three clicks.
    expect(Object.values(burst.request().postDataJSON())).toEqual([expect.objectContaining({ count: 3 })]);

    // Who clapped: the reader is first, with their 3 claps.
    await e2e.gotoHydrated(page, `/p/${DEMO.story.id}/upvotes`);
    const clapper = page.getByTestId('person').first();
    expect(await clapper.textContent()).toContain('Clapping Reader');
    expect(await clapper.textContent()).toContain(clapTexts.claps(3));

    await e2e.gotoHydrated(page, DEMO.story.path);
    expect(await count.textContent()).toBe(clapTexts.claps(before + 3));
    await expect.poll(() => page.getByTestId('viewer-claps').textContent()).toBe(clapTexts.yours(3));
    await page.getByRole('button', { name: clapTexts.undo }).click();
    await expect.poll(() => count.textContent()).toBe(clapTexts.claps(before));
    expect(await page.getByTestId('viewer-claps').count()).toBe(0);
    await page.close();
    await e2e.setSession(null);
  });

  it('saves a story to the reading list, keeps it across a reload, and takes it off', async () => {
    const em = db.em();
    const token = await buildSession(em, await buildUser(em, { name: 'Saving Reader' }));
    const page = await e2e.openPage({ session: token });
    await e2e.gotoHydrated(page, DEMO.story.path);
    const save = page.getByTestId('save-button');
    await expect.poll(() => save.textContent()).toBe(bookmarkTexts.save);
    await save.click();
    await expect.poll(() => page.locator('.q-toast').textContent()).toContain(bookmarkTexts.savedToast);
    expect(await save.textContent()).toBe(bookmarkTexts.saved);
    // Saving opens the choice of lists, with the reading list ticked.
    const choices = page.getByTestId('save-choices');
    await expect
      .poll(() => choices.getByRole('checkbox', { name: bookmarkTexts.readingList }).isChecked())
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => choices.count()).toBe(0);

    // Your lists shows the reading list, which holds the story.
    await e2e.gotoHydrated(page, '/me/lists');
    await expect.poll(() => page.getByTestId('your-lists').textContent()).toContain('1 story · Private');
    await page.getByRole('link', { name: bookmarkTexts.readingList }).click();
    await page.waitForURL('**/me/list/reading-list');
    await expect.poll(() => page.getByTestId('reading-list').textContent()).toContain(DEMO.story.title);

    await e2e.gotoHydrated(page, DEMO.story.path);
    await expect.poll(() => save.textContent()).toBe(bookmarkTexts.saved);
    await save.click();
    await choices.getByRole('checkbox', { name: bookmarkTexts.readingList }).uncheck();
    await expect.poll(() => page.locator('.q-toast').textContent()).toContain(bookmarkTexts.removedToast);
    await expect.poll(() => save.textContent()).toBe(bookmarkTexts.save);
    await page.close();
    await e2e.setSession(null);
  });

  it('makes a list from Save, files a story from a card into it, orders and notes it, and makes it private', async () => {
    const em = db.em();
    const reader = await buildUser(em, { name: 'Listing Reader' });
    const token = await buildSession(em, reader);
    const page = await e2e.openPage({ session: token });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, DEMO.story.path);
    await page.getByTestId('save-button').click();
    const choices = page.getByTestId('save-choices');
    await choices.getByRole('button', { name: listTexts.newList }).click();
    await choices.getByRole('textbox', { name: listTexts.name }).fill('Weekend reads');
    await choices.getByRole('button', { name: listTexts.createList }).click();
    await expect
      .poll(() => page.locator('.q-toast').last().textContent())
      .toContain(listTexts.savedTo('Weekend reads'));
    await expect.poll(() => choices.getByRole('checkbox', { name: 'Weekend reads' }).isChecked()).toBe(true);

    // From a card on the home page: the first story that is not the one saved already.
    await e2e.gotoHydrated(page, '/');
    const card = page
      .locator('[data-testid="feed"] article')
      .filter({ hasNot: page.getByRole('heading', { name: DEMO.story.title, exact: true }) })
      .first();
    const cardTitle = (await card.locator('h2').textContent()) ?? '';
    await card.getByTestId('save-button').click();
    await card.getByTestId('save-choices').getByRole('checkbox', { name: 'Weekend reads' }).check();
    await expect
      .poll(() => page.locator('.q-toast').last().textContent())
      .toContain(listTexts.savedTo('Weekend reads'));

    await e2e.gotoHydrated(page, '/me/lists');
    await expect.poll(() => page.getByTestId('your-lists').textContent()).toContain('2 stories');
    await page.getByRole('link', { name: 'Weekend reads' }).click();
    await page.waitForURL(`**/@${reader.username}/list/weekend-reads-*`);
    await waitForHydration(page);
    const list = page.getByTestId('list');
    const order = () => list.locator('.q-list-item h2').allTextContents();
    // Newest first: the card's story, then the one saved from its page.
    await expect.poll(order).toEqual([cardTitle, DEMO.story.title]);
    await list.locator('.q-list-item').first().getByRole('button', { name: listTexts.moveDown }).click();
    await expect.poll(order).toEqual([DEMO.story.title, cardTitle]);
    await list.locator('.q-list-item').first().getByRole('button', { name: listTexts.addNote }).click();
    await list.getByRole('textbox', { name: listTexts.addNote }).fill('Read this one first.');
    await list.getByRole('button', { name: listTexts.saveNote }).click();
    await expect
      .poll(() => list.locator('.q-list-item-note').first().textContent())
      .toBe('Read this one first.');

    // Responses on the list, as under a story.
    const responses = page.getByTestId('responses');
    await responses.getByRole('textbox', { name: responseTexts.placeholder }).fill('Two good reads.');
    await responses.getByRole('button', { name: responseTexts.respond }).click();
    await expect.poll(() => responses.textContent()).toContain('Two good reads.');
    await expect.poll(() => responses.getByRole('heading').first().textContent()).toContain('(1)');

    // A stranger (no cookies) gets the public list in the HTML; once private, a 404 that names nothing.
    const url = page.url();
    const before = await fetch(url);
    expect(before.status).toBe(200);
    expect(await before.text()).toContain('Read this one first.');
    await list.getByRole('button', { name: listTexts.edit }).click();
    await page.getByTestId('list-editor').getByRole('checkbox', { name: listTexts.makePrivate }).check();
    await page.getByTestId('list-editor').getByRole('button', { name: listTexts.save, exact: true }).click();
    await expect.poll(() => page.locator('.q-toast').last().textContent()).toContain(listTexts.saved);
    await expect.poll(() => list.textContent()).toContain('Private');
    const after = await fetch(url);
    expect(after.status).toBe(404);
    const hidden = await after.text();
    expect(hidden).not.toContain('Read this one first.');
    expect(hidden).not.toContain('Weekend reads');
    expect(errors).toEqual([]);
    await page.close();
    await e2e.setSession(null);
  });

  it('highlights a passage of a story, shows it marked, finds it on the profile, and leaves the writer a private note', async () => {
    const em = db.em();
    const reader = await buildUser(em, { name: 'Highlighting Reader' });
    const page = await e2e.openPage({ session: await buildSession(em, reader) });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, DEMO.story.path);
    await page.locator('.q-post-body').waitFor();
    // Selects the first 24 characters of the story's first long stretch of text, as a drag would.
    const passage = await page.evaluate(() => {
      const body = document.querySelector('.q-post-body')!;
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && (node.textContent ?? '').trim().length < 40) node = walker.nextNode();
      const range = document.createRange();
      range.setStart(node!, 0);
      range.setEnd(node!, 24);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return range.toString();
    });
    const toolbar = page.getByTestId('highlight-toolbar');
    await toolbar.getByRole('button', { name: highlightTexts.highlight }).click();
    await expect
      .poll(() => page.locator('.q-toast').last().textContent())
      .toContain(highlightTexts.highlighted);
    await expect.poll(() => page.locator('.q-post-body .q-markup-quote').first().textContent()).toBe(passage);

    // The same toolbar leaves the writer a private note on a passage.
    await page.evaluate(() => {
      const mark = document.querySelector('.q-post-body .q-markup-quote')!;
      const range = document.createRange();
      range.selectNodeContents(mark);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    });
    await toolbar.getByRole('button', { name: noteTexts.privateNote }).click();
    await page
      .getByTestId('note-form')
      .getByRole('textbox', { name: noteTexts.privateNote })
      .fill('Lovely line.');
    await page.getByTestId('note-form').getByRole('button', { name: noteTexts.send }).click();
    await expect.poll(() => page.locator('.q-toast').last().textContent()).toContain(noteTexts.sent);

    await e2e.gotoHydrated(page, `/@${reader.username}/highlights`);
    await expect.poll(() => page.locator('main').textContent()).toContain(passage);
    // The reader finds their note among the story's notes; nobody else does.
    await e2e.gotoHydrated(page, `/p/${DEMO.story.id}/notes`);
    await expect.poll(() => page.getByTestId('notes').textContent()).toContain('Lovely line.');
    expect(errors).toEqual([]);
    await page.close();
    await e2e.setSession(null);
  });

  it('makes a series of two stories, publishes it, and shows the next story under the first', async () => {
    const em = db.em();
    const writer = await em.findOneOrFail(User, { username: DEMO.writerUsername });
    const page = await e2e.openPage({ session: await buildSession(em, writer) });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, '/new-series');
    const form = page.getByTestId('series-form');
    await form.getByRole('textbox', { name: seriesTexts.title }).fill('Notes from the road');
    await form.getByRole('button', { name: seriesTexts.create }).click();
    await page.waitForURL('**/s/notes-from-the-road-*/edit');
    await waitForHydration(page);
    const choose = page.getByRole('combobox', { name: seriesTexts.chooseStory });
    const titles: string[] = [];
    for (let i = 0; i < 2; i++) {
      const option = choose.locator('option').nth(1);
      titles.push((await option.textContent()) ?? '');
      await choose.selectOption({ index: 1 });
      await page.getByRole('button', { name: seriesTexts.add, exact: true }).click();
      await expect.poll(() => page.locator('.q-series-stories h2').count()).toBe(i + 1);
    }
    await page.getByRole('button', { name: seriesTexts.publish }).click();
    await expect.poll(() => page.locator('.q-toast').last().textContent()).toContain(seriesTexts.published);

    await page.locator('.q-series-stories h2').first().click();
    await waitForHydration(page);
    const nav = page.getByTestId('series-nav');
    await expect.poll(() => nav.textContent()).toContain(seriesTexts.partOf(1, 2, 'Notes from the road'));
    expect(await nav.getByRole('link', { name: titles[1] }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
    await e2e.setSession(null);
  });

  it('responds to a story: the response is listed under it and counted, and stays after a reload', async () => {
    const em = db.em();
    const token = await buildSession(em, await buildUser(em, { name: 'Responding Reader' }));
    const page = await e2e.openPage({ session: token });
    await e2e.gotoHydrated(page, DEMO.story.path);
    const section = page.getByTestId('responses');
    // The responses load as the reader comes near them.
    await section.scrollIntoViewIfNeeded();
    const heading = section.getByRole('heading', { name: /^Responses/ });
    await expect.poll(() => section.getByRole('button', { name: responseTexts.respond }).count()).toBe(1);
    const before = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1]);
    await section
      .getByRole('textbox', { name: responseTexts.placeholder })
      .fill('Well argued.\n\nOne more thing.');
    await section.getByRole('button', { name: responseTexts.respond }).click();
    await expect
      .poll(() => page.locator('.q-toast').textContent())
      .toContain(toastTexts.responsePublishedAsStory);
    await expect.poll(() => heading.textContent()).toBe(`${responseTexts.heading} (${before + 1})`);
    // Listed most relevant first: the new response, without claps, is found by its text.
    const mine = section.getByTestId('response').filter({ hasText: 'Well argued.' });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toContain('Responding Reader');
    expect(await mine.locator('p').allTextContents()).toContain('One more thing.');

    await e2e.gotoHydrated(page, DEMO.story.path);
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => mine.count()).toBe(1);
    await page.close();
    await e2e.setSession(null);
  });

  it("lets the story's author hide a response, and bring it back with Undo", async () => {
    const em = db.em();
    const author = await em.findOneOrFail(User, { username: DEMO.writerUsername });
    const post = await em.findOneOrFail(Post, DEMO.story.id);
    const reply = await buildPost(em, { creator: await buildUser(em), title: 'A reply to hide' });
    reply.inResponseToPost = post;
    reply.type = 'RESPONSE';
    await em.flush();
    const page = await e2e.openPage({ session: await buildSession(em, author) });
    await e2e.gotoHydrated(page, DEMO.story.path);
    await page.getByTestId('responses').scrollIntoViewIfNeeded();
    const item = page.getByTestId('response').filter({ hasText: 'A reply to hide' });
    await item.getByRole('button', { name: responseTexts.hide }).click();
    const toast = page.locator('.q-toast[data-toast-style="HIDE_POST_RESPONSE"]');
    await expect.poll(() => toast.textContent()).toContain(toastTexts.responseHidden('story'));
    await expect.poll(() => item.count()).toBe(0);
    await toast.getByRole('button', { name: toastTexts.undo }).click();
    await expect.poll(() => item.count()).toBe(1);
    await page.close();
    await e2e.setSession(null);
  });

  it('asks a signed-out visitor to sign up instead of clapping or responding', async () => {
    const page = await e2e.openPage({ session: null });
    await e2e.gotoHydrated(page, DEMO.story.path);
    // The sign-up dialog is the modal one (the first-use tooltip is a dialog too, not modal).
    const signUp = page.locator('[role="dialog"][aria-modal="true"]');
    const count = await page.getByTestId('clap-count').textContent();
    await page.getByRole('button', { name: clapTexts.clap, exact: true }).click();
    await signUp.waitFor();
    expect(await page.getByTestId('clap-count').textContent()).toBe(count);
    // Responding asks the same. The dialog takes Escape once it holds the focus (its chunk loads on demand).
    await expect.poll(() => signUp.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => signUp.count()).toBe(0);
    await page.getByRole('button', { name: responseTexts.signUpToRespond }).click();
    await signUp.waitFor();
    await page.close();
  });

  it('shows the not-found page with status 404 for an unknown story', async () => {
    const page = await e2e.openPage();
    const response = await e2e.gotoHydrated(page, '/p/0123456789ab');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await page.close();
  });
});

describe('the paywall, the meter and friend links in Chromium', () => {
  const lockedStories = async () => {
    const { Post } = await import('@quire/db');
    const locked = await db
      .em()
      .find(
        Post,
        { isLocked: true, status: 'PUBLISHED', deletedAt: null },
        { populate: ['creator'], limit: 4, orderBy: { id: 'asc' } },
      );
    expect(locked).toHaveLength(4);
    return locked;
  };

  it('asks a signed-out visitor to create an account or sign in, and opens the sign-up dialog', async () => {
    const [story] = await lockedStories();
    const page = await e2e.openPage({ session: null });
    await e2e.gotoHydrated(page, `/p/${story!.id}`);
    const paywall = page.getByTestId('paywall');
    expect(await paywall.getAttribute('data-paywall')).toBe('signed_out');
    expect(await paywall.textContent()).toContain(paywallTexts.signUpToRead(FREE_STORIES_PER_MONTH));
    expect(await page.getByTestId('meter').count()).toBe(0);
    expect(await page.content()).not.toContain(story!.content.paragraphs.at(-1)!.text);
    await paywall.getByRole('button', { name: paywallTexts.createAccount }).click();
    await page.getByRole('dialog').first().waitFor();
    await page.close();
  });

  it('gives a signed-in non-member 3 free members-only stories, then the membership paywall; a friend link opens the story', async () => {
    const locked = await lockedStories();
    const em = db.em();
    const page = await e2e.openPage({ session: await buildSession(em, await buildUser(em)) });
    // The post prompt's copy changes once 3 stories were read this month (spec §4 client viewing counters);
    // earlier tests read stories in this browser profile, so the counters start from empty here.
    await page.goto(`${e2e.origin}/`);
    await page.evaluate(() => window.localStorage.clear());
    const prompts: string[] = [];
    for (const post of locked.slice(0, 3)) {
      await page.goto(`${e2e.origin}/p/${post.id}`);
      await expect.poll(() => page.getByTestId('meter').isVisible()).toBe(true);
      expect(await page.getByTestId('paywall').count()).toBe(0);
      await page.getByTestId('post-prompt').waitFor();
      prompts.push((await page.getByTestId('post-prompt').textContent()) ?? '');
    }
    expect(prompts[0]).toContain(postPromptTexts.fewRead);
    expect(prompts[1]).toContain(postPromptTexts.fewRead);
    expect(prompts[2]).toContain(postPromptTexts.manyRead(3));
    // The read-next meter hides for a day.
    await page.getByTestId('meter').getByRole('button', { name: postPromptTexts.hideMeter }).click();
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('post-prompt').waitFor();
    expect(await page.getByTestId('meter').count()).toBe(0);
    const target = locked[3]!;
    await page.goto(`${e2e.origin}/p/${target.id}`);
    await expect.poll(() => page.getByTestId('paywall').isVisible()).toBe(true);
    expect(await page.getByTestId('paywall').textContent()).toContain(paywallTexts.freeStoriesUsed);
    const lastParagraph = target.content.paragraphs.at(-1)!.text;
    expect(await page.content()).not.toContain(lastParagraph);
    await e2e.gotoHydrated(page, `/p/${target.id}?source=friends_link&sk=${target.shareKey}`);
    expect(await page.getByTestId('paywall').count()).toBe(0);
    expect(await page.content()).toContain(lastParagraph.slice(0, 40));
    await page.close();
    await e2e.setSession(null);
  });
});

/** A new writer's published story, and the path it is read at. */
async function storyByNewWriter(writerName: string, title: string) {
  const writer = await buildUser(db.em(), { name: writerName });
  const story = await buildPost(db.em(), { creator: writer, title });
  const path = postPath(await db.em().findOneOrFail(Post, story.id, { populate: ['creator', 'collection'] }));
  return { writer, story, path };
}

describe('threaded responses in Chromium (spec §9 depth 3)', () => {
  it('replies to a response and to the reply, with no Reply at the third level, and lists them on the responses page', async () => {
    const em = db.em();
    const { story, path } = await storyByNewWriter('Thread Writer', 'A story worth a thread');
    const page = await e2e.openPage({
      session: await buildSession(em, await buildUser(em, { name: 'Thread Reader' })),
    });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, path);
    const section = page.getByTestId('responses');
    await section.getByRole('textbox', { name: responseTexts.placeholder }).fill('The first response.');
    await section.getByRole('button', { name: responseTexts.respond }).click();
    const level = (depth: number) => section.locator(`[data-testid="response"][data-depth="${depth}"]`);
    await expect.poll(() => level(1).count()).toBe(1);

    // A reply under the response, shown in its thread once sent.
    await level(1).getByRole('button', { name: responseTexts.reply, exact: true }).click();
    await level(1).getByRole('textbox', { name: responseTexts.replyPlaceholder }).fill('A reply to it.');
    await level(1).getByRole('button', { name: responseTexts.reply, exact: true }).click();
    await expect.poll(() => level(2).textContent()).toContain('A reply to it.');
    expect(await level(1).getByRole('button', { name: responseTexts.hideReplies }).count()).toBe(1);

    await level(2).getByRole('button', { name: responseTexts.reply, exact: true }).first().click();
    await level(2).getByRole('textbox', { name: responseTexts.replyPlaceholder }).fill('Third level.');
    await level(2).getByRole('button', { name: responseTexts.reply, exact: true }).first().click();
    await expect.poll(() => level(RESPONSES_DEPTH_LIMIT).textContent()).toContain('Third level.');
    // The deepest level takes no replies.
    expect(
      await level(RESPONSES_DEPTH_LIMIT)
        .getByRole('button', { name: responseTexts.reply, exact: true })
        .count(),
    ).toBe(0);

    // The responses page: the story's title, a way back, the thread's first level with its reply count.
    await e2e.gotoHydrated(page, `/p/${story.id}/responses`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      responseTexts.pageTitle('A story worth a thread'),
    );
    expect(await page.getByRole('link', { name: responseTexts.backToStory }).getAttribute('href')).toBe(path);
    await expect.poll(() => level(1).textContent()).toContain(responseTexts.replies(1));
    expect(errors).toEqual([]);
    await page.close();
    await e2e.setSession(null);
  });

  it("lets the story's author close its discussion from the story's menu, and reopen it", async () => {
    const { writer, story, path } = await storyByNewWriter('Closing Writer', 'A story to close');
    const page = await e2e.openPage({ session: await buildSession(db.em(), writer) });
    await e2e.gotoHydrated(page, path);
    const section = page.getByTestId('responses');
    await expect.poll(() => section.getByRole('button', { name: responseTexts.respond }).count()).toBe(1);

    const menuItem = (name: string) => page.getByRole('menuitem', { name });
    await page.getByRole('button', { name: 'Story options' }).click();
    await menuItem(responseTexts.closeDiscussion).click();
    await expect
      .poll(() => section.getByTestId('discussion-closed').textContent())
      .toBe(responseTexts.discussionClosed);
    expect(await section.getByRole('button', { name: responseTexts.respond }).count()).toBe(0);
    await expect.poll(async () => (await db.em().findOneOrFail(Post, story.id)).responsesLocked).toBe(true);

    await page.getByRole('button', { name: 'Story options' }).click();
    await menuItem(responseTexts.reopenDiscussion).click();
    await expect.poll(() => section.getByRole('button', { name: responseTexts.respond }).count()).toBe(1);
    await page.close();
    await e2e.setSession(null);
  });
});
