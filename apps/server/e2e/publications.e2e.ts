import { Post, User } from '@quire/db';
import {
  navigationTexts,
  publicationStoriesTexts as storiesTexts,
  publicationAdminTexts as texts,
  yourPagesTexts,
} from '@quire/domain';
import { buildCollection, buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { pageErrors, useBrowserApp, waitForHydration } from './harness';

const e2e = useBrowserApp();
const { db } = e2e;

describe('running a publication in Chromium', () => {
  it('creates a publication, invites a second account as writer, who accepts from their publications page', async () => {
    const em = db.em();
    const owner = await buildUser(em, { name: 'Odile Owner' });
    const invitee = await buildUser(em, { name: 'Ivan Invitee' });

    const page = await e2e.openPage({ session: await buildSession(em, owner) });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, '/me/publications');
    await page.getByRole('link', { name: texts.newPublication }).click();
    await page.waitForURL('**/new-publication');
    await waitForHydration(page);
    await page.getByRole('textbox', { name: texts.name, exact: true }).fill('The Night Shift');
    // The address follows the name until it is edited, and says whether it is free.
    const slug = page.getByRole('textbox', { name: texts.slug });
    await expect.poll(() => slug.inputValue()).toBe('the-night-shift');
    await expect.poll(() => page.getByText(texts.slugAvailable).count()).toBe(1);
    await slug.fill('search');
    await expect.poll(() => page.getByText(texts.slugReserved).count()).toBe(1);
    await slug.fill('night-shift');
    await page.getByRole('textbox', { name: texts.tagline }).fill('Stories written after dark');
    await page.getByRole('button', { name: texts.create }).click();
    await page.waitForURL('**/night-shift');
    await waitForHydration(page);
    expect(await page.getByRole('heading', { name: 'The Night Shift', level: 1 }).count()).toBe(1);

    await e2e.gotoHydrated(page, '/night-shift/permissions');
    const members = page.getByTestId('member');
    expect(await members.count()).toBe(1);
    const form = page.getByTestId('invite-form');
    await form.getByRole('textbox', { name: texts.inviteWho }).fill('@nobody-is-called-this');
    await form.getByRole('button', { name: texts.invite }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe(texts.noSuchUser);
    await form.getByRole('textbox', { name: texts.inviteWho }).fill(`@${invitee.username}`);
    await form.getByRole('combobox', { name: texts.inviteRole }).selectOption('WRITER');
    await form.getByRole('button', { name: texts.invite }).click();
    await expect
      .poll(() => page.locator('.q-toast').last().textContent())
      .toContain(texts.inviteSent(invitee.name));
    await expect.poll(() => page.getByTestId('open-invitations').textContent()).toContain(invitee.name);
    expect(errors).toEqual([]);
    await page.close();

    const second = await e2e.openPage({ session: await buildSession(em, invitee) });
    const secondErrors = pageErrors(second);
    await e2e.gotoHydrated(second, '/me/publications');
    const invitation = second.getByTestId('invitation');
    expect(await invitation.textContent()).toContain(texts.invitationLine('Odile Owner', 'Writer'));
    await invitation.getByRole('button', { name: texts.accept }).click();
    await expect
      .poll(() => second.locator('.q-toast').last().textContent())
      .toContain(texts.accepted('The Night Shift'));
    await expect
      .poll(() => second.getByTestId('publication').filter({ hasText: 'The Night Shift' }).textContent())
      .toContain(yourPagesTexts.roles.WRITER);
    // A writer does not run the publication: its people page is not theirs to see.
    const refused = await second.goto(`${e2e.origin}/night-shift/permissions`);
    expect(refused?.status()).toBe(404);
    // The writer submits a draft to the publication from the editor's publish dialog.
    const draft = await buildPost(em, { creator: invitee, title: 'Night bus', status: 'DRAFT' });
    await second.goto(`${e2e.origin}/p/${draft.id}/edit?settings=1`);
    await second.getByTestId('publish-dialog').waitFor();
    await second.getByTestId('publication-select').selectOption({ label: 'The Night Shift' });
    await second.getByTestId('publish-now').click();
    const pending = () =>
      db
        .em()
        .findOneOrFail(Post, draft.id)
        .then((p) => p.statusForCollection);
    await expect.poll(pending, { timeout: 10_000 }).toBe('PENDING');
    expect(secondErrors).toEqual([]);
    await second.close();

    // The owner finds it in the queue, reads it and publishes it; it is on the publication's page.
    const again = await e2e.openPage({
      session: await buildSession(em, await em.findOneOrFail(User, owner.id)),
    });
    const againErrors = pageErrors(again);
    await e2e.gotoHydrated(again, '/night-shift/permissions');
    expect(await again.getByTestId('member').count()).toBe(2);
    expect(await again.locator('[data-testid="member"][data-role="WRITER"]').textContent()).toContain(
      invitee.name,
    );
    await e2e.gotoHydrated(again, '/night-shift/submissions');
    const row = again.getByTestId('publication-story').filter({ hasText: 'Night bus' });
    expect(await row.textContent()).toContain(storiesTexts.submittedBy(invitee.name));
    await row.getByRole('button', { name: storiesTexts.preview }).click();
    await expect
      .poll(() => row.getByTestId('submission-preview').textContent())
      .toContain('The first line of the story.');
    await row.getByRole('button', { name: storiesTexts.approve }).click();
    await expect
      .poll(() => again.locator('.q-toast').last().textContent())
      .toContain(storiesTexts.approved('The Night Shift'));
    await expect.poll(() => again.getByText(storiesTexts.empty.submissions).count()).toBe(1);
    await e2e.gotoHydrated(again, '/night-shift');
    expect(await again.getByRole('heading', { name: 'Night bus' }).count()).toBe(1);
    expect(againErrors).toEqual([]);
    await again.close();
    await e2e.setSession(null);
  });

  it('changes a publication in its settings, claims its domain, and deletes it', async () => {
    const em = db.em();
    const owner = await buildUser(em, { name: 'Sasha Settings' });
    const publication = await buildCollection(em, {
      creator: owner,
      name: 'Tide Tables',
      slug: 'tide-tables',
    });
    const page = await e2e.openPage({ session: await buildSession(em, owner) });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, '/tide-tables/settings');
    const form = page.getByTestId('publication-settings');
    await form.getByRole('textbox', { name: texts.tagline }).fill('When the sea comes in');
    await form.getByRole('button', { name: texts.save }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(texts.saved);
    await e2e.gotoHydrated(page, '/tide-tables');
    expect(await page.locator('.q-publication-header').textContent()).toContain('When the sea comes in');

    await e2e.gotoHydrated(page, '/tide-tables/settings/custom-domain');
    const domainForm = page.getByTestId('custom-domain-form');
    await domainForm.getByRole('textbox').fill(`tides-${publication.id}.example.com`);
    await domainForm.getByRole('button').click();
    await expect
      .poll(() => page.getByTestId('custom-domain-state').getAttribute('data-status'))
      .toBe('PENDING');

    await e2e.gotoHydrated(page, '/tide-tables/settings');
    const danger = page.getByTestId('delete-publication');
    await danger.getByRole('textbox').fill('Tide Tables');
    await danger.getByRole('button', { name: texts.deleteButton }).click();
    await page.waitForURL('**/me/publications');
    expect((await page.goto(`${e2e.origin}/tide-tables`))?.status()).toBe(404);
    expect(errors).toEqual([]);
    await page.close();
    await e2e.setSession(null);
  });

  it('curates a feature page, links it from the navigation, and readers find it, featured and in all stories', async () => {
    const em = db.em();
    const owner = await buildUser(em, { name: 'Fern Features' });
    const publication = await buildCollection(em, {
      creator: owner,
      name: 'Field Notes',
      slug: 'field-notes',
    });
    await buildPost(em, { creator: owner, collection: publication, title: 'Moss in winter' });
    const page = await e2e.openPage({ session: await buildSession(em, owner) });
    const errors = pageErrors(page);
    await e2e.gotoHydrated(page, '/field-notes/settings/feature-pages');
    await page.getByRole('link', { name: navigationTexts.newFeaturePage }).click();
    await page.waitForURL('**/settings/feature-pages/new');
    await waitForHydration(page);
    const form = page.getByTestId('feature-page-form');
    await form.getByRole('textbox', { name: navigationTexts.pageTitle }).fill('Best of');
    await form.getByRole('checkbox', { name: 'Moss in winter' }).check();
    await form.getByRole('button', { name: navigationTexts.savePage }).click();
    await page.waitForURL('**/settings/feature-pages');
    await waitForHydration(page);
    expect(await page.getByRole('link', { name: 'Best of' }).count()).toBe(1);

    await e2e.gotoHydrated(page, '/field-notes/settings/navigation');
    const nav = page.getByTestId('navigation-form');
    await nav.getByRole('button', { name: navigationTexts.addItem }).click();
    const row = nav.getByTestId('nav-row');
    await row.getByRole('combobox', { name: navigationTexts.itemTarget }).selectOption('TOPIC_PAGE');
    await row.getByRole('textbox', { name: navigationTexts.itemTitle }).fill('Best');
    await row.getByRole('combobox', { name: navigationTexts.itemPage }).selectOption('best-of');
    await nav.getByRole('button', { name: navigationTexts.save }).click();
    await expect.poll(() => nav.getByRole('status').textContent()).toBe(navigationTexts.saved);

    // The tab is under the publication's header and leads to the feature page.
    await e2e.gotoHydrated(page, '/field-notes');
    await page.getByTestId('publication-nav').getByRole('link', { name: 'Best' }).click();
    await page.waitForURL('**/field-notes/best-of/home');
    for (const path of ['/field-notes/best-of/home', '/field-notes/featured', '/field-notes/all']) {
      await e2e.gotoHydrated(page, path);
      expect(await page.getByRole('heading', { name: 'Moss in winter' }).count(), path).toBe(1);
    }
    expect((await page.goto(`${e2e.origin}/field-notes/all/2`))?.status()).toBe(404);
    expect((await page.goto(`${e2e.origin}/field-notes/no-such-page/home`))?.status()).toBe(404);
    expect(errors).toEqual([]);
    await page.close();
    await e2e.setSession(null);
  });
});
