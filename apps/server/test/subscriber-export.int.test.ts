import { existsSync } from 'node:fs';
import path from 'node:path';
import { expireSubscriberExports, LocalDiskExportStore, runQueuedSubscriberExports } from '@quire/api';
import { EmailOutbox, Newsletter, NewsletterSubscription, SubscriberExport } from '@quire/db';
import { EXPORT_VALID_MS, newsletterAdminTexts as texts } from '@quire/domain';
import { addCollectionMember, buildCollection, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/*
 * Subscriber exports and the import preview through the server (spec §2 /me/subscribers/confirm-export, the export
 * and csv-export paths; §7 process-unvalidated-files): the job writes the CSV and mails its link, the download
 * goes to who manages the newsletter alone (404 for anyone else, 410 once expired), and the preview needs the
 * anti-forgery token.
 */

const t = useTestApp();

const files = () => new LocalDiskExportStore(path.join(t.dataDir, 'exports'));
const runJob = (now?: () => Date) =>
  runQueuedSubscriberExports(t.db.em(), { files: files(), publicUrl: 'http://localhost:3000', now });

/** A publication's newsletter with its owner, a writer of the publication, and three subscriptions. */
async function newsletterWorld() {
  const em = t.db.em();
  const owner = await buildUser(em, { name: 'Export Owner' });
  const writer = await buildUser(em, { name: 'Export Writer' });
  const reader = await buildUser(em, { name: 'Reader, "Quoted"' });
  const publication = await buildCollection(em, { creator: owner });
  await addCollectionMember(em, publication, writer, 'WRITER');
  const newsletter = em.create(Newsletter, {
    name: 'Harbour Letters',
    slug: publication.slug,
    type: 'COLLECTION',
    collection: publication,
  });
  const at = new Date('2026-03-01T10:00:00Z');
  em.create(NewsletterSubscription, {
    newsletter,
    user: reader,
    email: reader.email!,
    entityKind: 'COLLECTION',
    confirmedAt: at,
    createdAt: at,
  });
  em.create(NewsletterSubscription, {
    newsletter,
    email: 'invited@example.com',
    entityKind: 'COLLECTION',
    source: 'IMPORT',
    createdAt: at,
  });
  em.create(NewsletterSubscription, {
    newsletter,
    email: 'left@example.com',
    entityKind: 'COLLECTION',
    confirmedAt: at,
    unsubscribedAt: at,
  });
  await em.flush();
  return {
    owner,
    writer,
    reader,
    newsletter,
    ownerToken: await buildSession(em, owner),
    writerToken: await buildSession(em, writer),
  };
}

const trpcRequestExport = (token: string, newsletterId: string, xsrf = true) =>
  t.app.inject({
    method: 'POST',
    url: '/trpc/newsletterAdmin.requestExport',
    payload: { newsletterId },
    headers: xsrf ? authHeaders(token) : { cookie: `sid=${token}` },
  });

const download = (url: string, token?: string, accept = '*/*') =>
  t.app.inject({ url, headers: { accept, ...(token ? { cookie: `sid=${token}` } : {}) } });

describe('subscriber exports (spec §2 /me/subscribers/confirm-export, /export/newsletters/{id})', () => {
  it('needs the anti-forgery token to ask, then builds the CSV and mails the link', async () => {
    const w = await newsletterWorld();
    expect((await trpcRequestExport(w.ownerToken, w.newsletter.id, false)).statusCode).toBe(403);
    expect(await t.db.em().count(SubscriberExport, { newsletter: w.newsletter.id })).toBe(0);

    const asked = await trpcRequestExport(w.ownerToken, w.newsletter.id);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().result.data).toMatchObject({ created: true, message: texts.exportRequested });
    // Asking again while it is on its way answers the same export.
    const again = (await trpcRequestExport(w.ownerToken, w.newsletter.id)).json().result.data;
    expect(again).toMatchObject({ created: false, export: { id: asked.json().result.data.export.id } });

    // Before the job: the download path leads to the request page.
    const early = await download(`/export/newsletters/${w.newsletter.id}`, w.ownerToken);
    expect(early.statusCode).toBe(302);
    expect(early.headers.location).toBe(`/me/subscribers/confirm-export?newsletter=${w.newsletter.id}`);

    expect(await runJob()).toBeGreaterThanOrEqual(1);
    const mail = await t.db
      .em()
      .findOneOrFail(EmailOutbox, { to: w.owner.email!, template: 'subscriber-export-ready' });
    expect(mail.subject).toBe(texts.exportEmailSubject('Harbour Letters'));
    expect(mail.payload.link).toBe(`http://localhost:3000/export/newsletters/${w.newsletter.id}`);

    const res = await download(`/export/newsletters/${w.newsletter.id}`, w.ownerToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=".+-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,name,subscribed at,source,confirmed');
    expect(lines.slice(1).sort()).toEqual(
      [
        `${w.reader.email},"Reader, ""Quoted""",2026-03-01T10:00:00.000Z,reader,yes`,
        'invited@example.com,,2026-03-01T10:00:00.000Z,import,no',
      ].sort(),
    );
    expect(res.body).not.toContain('left@example.com');

    // The profile path of the same file.
    const byProfile = await download(
      `/@${w.owner.username}/newsletters/${w.newsletter.id}/subscribers/csv-export`,
      w.ownerToken,
    );
    expect(byProfile.statusCode).toBe(200);
    expect(byProfile.body).toBe(res.body);
  });

  it('is a 404 for the publication’s writers, other users and unknown ids; visitors sign in first', async () => {
    const w = await newsletterWorld();
    await trpcRequestExport(w.ownerToken, w.newsletter.id);
    await runJob();
    const url = `/export/newsletters/${w.newsletter.id}`;
    const writer = await download(url, w.writerToken);
    expect(writer.statusCode).toBe(404);
    expect(writer.body).toBe(texts.exportNotFound);
    expect(writer.body).not.toContain('@example.com');
    expect((await download('/export/newsletters/ffffffffffff', w.ownerToken)).statusCode).toBe(404);
    expect((await download('/export/newsletters/not-an-id', w.ownerToken)).statusCode).toBe(404);
    // The writer cannot ask for one either.
    const asked = await trpcRequestExport(w.writerToken, w.newsletter.id);
    expect(asked.statusCode).toBe(404);
    const visitor = await download(url, undefined, 'text/html');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/m/signin?redirect=${encodeURIComponent(url)}`);
    expect((await download(url)).statusCode).toBe(401);
  });

  it('answers 410 once the export has expired, and cleanup deletes the file', async () => {
    const w = await newsletterWorld();
    await trpcRequestExport(w.ownerToken, w.newsletter.id);
    await runJob(() => new Date(Date.now() - EXPORT_VALID_MS - 60_000));
    const url = `/export/newsletters/${w.newsletter.id}`;
    const gone = await download(url, w.ownerToken);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toBe(texts.exportGone);
    const row = await t.db.em().findOneOrFail(SubscriberExport, { newsletter: w.newsletter.id });
    const file = files().pathOf(row.fileKey!);
    expect(existsSync(file)).toBe(true);
    expect(await expireSubscriberExports(t.db.em(), files(), new Date())).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect((await download(url, w.ownerToken)).statusCode).toBe(410);
  });
});

describe('the import preview endpoint (spec §7 process-unvalidated-files)', () => {
  const previewUrl = (id: string) => `/_/api/newsletters/${id}/import/process-unvalidated-files`;

  it('answers the preview of a raw CSV to the manager, with the anti-forgery token only', async () => {
    const w = await newsletterWorld();
    const csv = 'email,name\nnew@example.com,New\ninvited@example.com,\nbroken\n';
    const post = (token: string, xsrf = true) =>
      t.app.inject({
        method: 'POST',
        url: previewUrl(w.newsletter.id),
        payload: csv,
        headers: { ...(xsrf ? authHeaders(token) : { cookie: `sid=${token}` }), 'content-type': 'text/csv' },
      });
    expect((await post(w.ownerToken, false)).statusCode).toBe(403);
    const res = await post(w.ownerToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.valid).toEqual([{ row: 2, email: 'new@example.com', name: 'New' }]);
    expect(body.alreadySubscribed).toEqual([
      { row: 3, email: 'invited@example.com', name: '', status: 'invited' },
    ]);
    expect(body.invalid).toEqual([{ row: 4, value: 'broken', problem: 'invalidEmail' }]);
    expect((await post(w.writerToken)).statusCode).toBe(404);
    // Nothing is written by a preview.
    expect(await t.db.em().count(NewsletterSubscription, { newsletter: w.newsletter.id })).toBe(3);
  });

  it('refuses files over the limit and files that are not CSV with a clear message', async () => {
    const w = await newsletterWorld();
    const post = (payload: string | Buffer, type = 'text/csv') =>
      t.app.inject({
        method: 'POST',
        url: previewUrl(w.newsletter.id),
        payload,
        headers: { ...authHeaders(w.ownerToken), 'content-type': type },
      });
    const huge = await post(Buffer.alloc(5 * 1024 * 1024, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(texts.fileTooLarge);
    const over = await post(`${'x'.repeat(1024 * 1024)}@example.com`);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(texts.fileTooLarge);
    const png = await post(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'image/png',
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().error.message).toBe(texts.notCsv);
  });
});

describe('the back office pages (spec §2 new-newsletter, settings, new-email, subscribers import and export)', () => {
  it('render for who manages the newsletter, and are a 404 for the publication’s writers', async () => {
    const w = await newsletterWorld();
    const slug = w.newsletter.slug;
    const page = (url: string, token: string) => t.app.inject({ url, headers: { cookie: `sid=${token}` } });
    const paths = [
      `/${slug}/newsletters/${slug}/settings`,
      `/newsletters/${w.newsletter.id}/new-email`,
      `/me/subscribers/import?newsletter=${w.newsletter.id}`,
      `/me/subscribers/confirm-export?newsletter=${w.newsletter.id}`,
    ];
    for (const url of paths) {
      const mine = await page(url, w.ownerToken);
      expect(mine.statusCode, url).toBe(200);
      expect(mine.body).toContain('Harbour Letters');
      expect((await page(url, w.writerToken)).statusCode, url).toBe(404);
    }
    const settings = await page(paths[0]!, w.ownerToken);
    expect(settings.body).toContain(texts.trackEngagement);
    expect(settings.body).toContain(texts.subscribers(1));
    expect(settings.body).toContain(`href="/newsletters/${w.newsletter.id}/stats"`);
    // The publication has its newsletter: /new-newsletter leads to its settings.
    const again = await page(`/${slug}/new-newsletter`, w.ownerToken);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(`href="/${slug}/newsletters/${slug}/settings"`);
    // A writer's own newsletter by default.
    const own = await page('/me/subscribers/import', w.writerToken);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(texts.importTitle);
  });
});
