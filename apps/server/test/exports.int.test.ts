import { existsSync } from 'node:fs';
import path from 'node:path';
import { expireExports, LocalDiskExportStore, runQueuedExports } from '@quire/api';
import { DataExport, LocalDiskMediaStore } from '@quire/db';
import { EXPORT_VALID_MS, exportTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/*
 * Spec §2 /me/export[/{exportId}] through the server: the request needs the anti-forgery token, the pages are
 * real, and the download goes to the export's owner alone (404 for anyone else, 410 once expired).
 */

const t = useTestApp();

const files = () => new LocalDiskExportStore(path.join(t.dataDir, 'exports'));
const runJob = (now?: () => Date) =>
  runQueuedExports(t.db.em(), {
    media: new LocalDiskMediaStore(path.join(t.dataDir, 'media')),
    files: files(),
    publicUrl: 'http://localhost:3000',
    productName: 'Quire',
    now,
  });

async function writerWithStory() {
  const em = t.db.em();
  const writer = await buildUser(em, { name: 'Download Writer' });
  const story = await buildPost(em, { creator: writer, title: 'Harbour lights' });
  const token = await buildSession(em, writer);
  return { writer, story, token };
}

async function requestExport(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/trpc/exports.request',
    payload: {},
    headers: authHeaders(token),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { result: { data: { export: { id: string } } } }).result.data.export.id;
}

const download = (id: string, token?: string, accept = '*/*') =>
  t.app.inject({
    url: `/me/export/${id}/download`,
    headers: { accept, ...(token ? { cookie: `sid=${token}` } : {}) },
  });

describe('the export pages and the download (spec §2 /me/export[/{exportId}])', () => {
  it('refuses a request without the anti-forgery token and makes no export', async () => {
    const { writer, token } = await writerWithStory();
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/exports.request',
      payload: {},
      headers: { cookie: `sid=${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.em().count(DataExport, { user: writer.id })).toBe(0);
  });

  it('serves the ready zip to its owner as an attachment, and to no one else', async () => {
    const { writer, story, token } = await writerWithStory();
    const id = await requestExport(token);
    const waiting = await download(id, token);
    expect(waiting.statusCode).toBe(409);
    expect(await runJob()).toBeGreaterThanOrEqual(1);

    const res = await download(id, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="quire-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(JSON.parse(strFromU8(zip['profile.json']!)).name).toBe('Download Writer');
    const html = Object.keys(zip).find((n) => n.startsWith('stories/') && n.endsWith(`${story.id}.html`));
    expect(strFromU8(zip[html!]!)).toContain('Harbour lights');

    // The page shows the download to its owner.
    const page = await t.app.inject({ url: `/me/export/${id}`, headers: { cookie: `sid=${token}` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(exportTexts.statuses.READY);
    expect(page.body).toContain(`href="/me/export/${id}/download"`);
    const home = await t.app.inject({ url: '/me/export', headers: { cookie: `sid=${token}` } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(exportTexts.request);
    expect(home.body).toContain(`href="/me/export/${id}"`);

    // Another signed-in user: the download, the page and the query answer as for a missing export.
    const other = await buildUser(t.db.em());
    const otherToken = await buildSession(t.db.em(), other);
    const theirs = await download(id, otherToken);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(exportTexts.notFound);
    expect((await download('f'.repeat(32), otherToken)).body).toBe(theirs.body);
    const theirPage = await t.app.inject({
      url: `/me/export/${id}`,
      headers: { cookie: `sid=${otherToken}` },
    });
    expect(theirPage.statusCode).toBe(404);
    expect(theirPage.body).not.toContain('Download Writer');
    const query = await t.app.inject({
      url: `/trpc/exports.byId?input=${encodeURIComponent(JSON.stringify({ exportId: id }))}`,
      headers: { cookie: `sid=${otherToken}` },
    });
    expect(query.statusCode).toBe(404);
    expect(query.body).not.toContain(writer.id);

    // A visitor is sent to sign in and back to the export's page.
    const visitor = await download(id, undefined, 'text/html');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/m/signin?redirect=${encodeURIComponent(`/me/export/${id}`)}`);
    expect((await download(id)).statusCode).toBe(401);
    const visitorPage = await t.app.inject({ url: '/me/export' });
    expect(visitorPage.statusCode).toBe(200);
    expect(visitorPage.body).toContain(`href="/m/signin?redirect=${encodeURIComponent('/me/export')}"`);
  });

  it('answers 410 after the export’s week, and cleanup has deleted the file', async () => {
    const { token } = await writerWithStory();
    const id = await requestExport(token);
    const readyAt = new Date(Date.now() - EXPORT_VALID_MS - 60_000);
    await runJob(() => readyAt);
    const gone = await download(id, token);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toBe(exportTexts.gone);
    const page = await t.app.inject({ url: `/me/export/${id}`, headers: { cookie: `sid=${token}` } });
    expect(page.body).toContain(exportTexts.statuses.EXPIRED);
    expect(page.body).not.toContain(`/me/export/${id}/download`);
    // The hourly cleanup deletes the file; the link stays a 410.
    const row = await t.db.em().findOneOrFail(DataExport, id);
    const file = files().pathOf(row.fileKey!);
    expect(existsSync(file)).toBe(true);
    expect(await expireExports(t.db.em(), files(), new Date())).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect((await download(id, token)).statusCode).toBe(410);
  });
});
