import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Catalog,
  CatalogItem,
  DataExport,
  EmailOutbox,
  Highlight,
  LocalDiskMediaStore,
  Media,
  Post,
  User,
} from '@quire/db';
import { EXPORT_VALID_MS, type PostContent } from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultServiceEnvironment } from '../src';
import { type ExportJobDeps, expireExports, runQueuedExports } from '../src/services/exports/build';
import { LocalDiskExportStore } from '../src/services/exports/store';
import { callerAs, testClock } from './auth-helpers';

/*
 * Spec §2 /me/export[/{exportId}]: a user asks for an export, the job writes the zip of their writing, lists,
 * highlights and profile with progress, mails the link, and the export lasts a week. The zip is opened and
 * its entries read back.
 */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-25T12:00:00Z'));
const env = defaultServiceEnvironment({ publicUrl: 'https://quire.test' });
const dir = mkdtempSync(path.join(tmpdir(), 'quire-exports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const media = new LocalDiskMediaStore(path.join(dir, 'media'));
const files = new LocalDiskExportStore(path.join(dir, 'exports'));
const deps: ExportJobDeps = {
  media,
  files,
  publicUrl: 'https://quire.test',
  productName: 'Quire',
  now: clock.now,
};

const api = (viewer: User | null) => callerAs(db, clock, viewer, env);

/** A small PNG's bytes (a 1×1 transparent pixel). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function storedImage(uploader: User) {
  const em = db.em();
  const key = `${Math.random().toString(16).slice(2, 14).padEnd(12, '0')}.png`;
  await media.put(key, PNG);
  em.create(Media, {
    id: key.slice(0, 12),
    uploader,
    mime: 'image/png',
    width: 1,
    height: 1,
    bytes: PNG.length,
    storageKey: key,
    sha256: 'x'.repeat(64),
  });
  await em.flush();
  return key;
}

const storyContent = (imageId: string): PostContent => ({
  paragraphs: [
    { name: 'a1', type: 'H3', text: 'Lighthouses at dusk', markups: [] },
    {
      name: 'a2',
      type: 'P',
      text: 'The keeper climbs the stairs every evening.',
      markups: [{ type: 'STRONG', start: 4, end: 10 }],
    },
    { name: 'a3', type: 'IMG', text: 'The lamp room', markups: [], metadata: { id: imageId, alt: 'A lamp' } },
    { name: 'a4', type: 'ULI', text: 'Oil', markups: [] },
    { name: 'a5', type: 'ULI', text: 'Wicks', markups: [] },
    { name: 'a6', type: 'P', text: 'Only members read this far: the secret of the lens.', markups: [] },
  ],
});

/** A writer with a members-only story (with a picture), a draft, a response, a list and a highlight. */
async function writerWithWork() {
  const em = db.em();
  const writer = await buildUser(em, { name: 'Export Writer' });
  const other = await buildUser(em, { name: 'Other Writer' });
  const imageId = await storedImage(writer);
  const story = await buildPost(em, {
    creator: writer,
    title: 'Lighthouses',
    content: storyContent(imageId),
    isLocked: true,
  });
  story.slug = 'lighthouses';
  const draft = await buildPost(em, {
    creator: writer,
    title: 'Unfinished harbours',
    status: 'DRAFT',
    content: { paragraphs: [{ name: 'd1', type: 'P', text: 'Harbours I have not finished.', markups: [] }] },
  });
  const theirs = await buildPost(em, { creator: other, title: 'Tides' });
  const response = await buildPost(em, {
    creator: writer,
    title: 'On tides',
    content: { paragraphs: [{ name: 'r1', type: 'P', text: 'Tides answer the moon.', markups: [] }] },
  });
  response.type = 'RESPONSE';
  response.inResponseToPost = theirs;
  const list = em.create(Catalog, { creator: writer, name: 'Sea reading', slug: 'sea-reading' });
  em.create(CatalogItem, { catalog: list, itemType: 'POST', post: theirs, note: 'Read twice' });
  em.create(Highlight, {
    user: writer,
    post: theirs,
    paragraphName: 'p1',
    startOffset: 0,
    endOffset: 5,
    quote: 'The first',
  });
  await em.flush();
  return { writer, other, story, draft, theirs, response, imageId };
}

async function zipOf(exportId: string) {
  const row = await db.em().findOneOrFail(DataExport, exportId);
  if (!row.fileKey) throw new Error('no file');
  return unzipSync(new Uint8Array(await readFile(files.pathOf(row.fileKey))));
}

describe('building an export (spec §2 /me/export)', () => {
  it('writes a zip of the profile, stories and drafts as HTML and Markdown, images, responses, lists and highlights', async () => {
    const w = await writerWithWork();
    const requested = await api(w.writer).exports.request();
    expect(requested.created).toBe(true);
    expect(requested.export).toMatchObject({ status: 'QUEUED', progress: 0, downloadPath: null });
    expect(requested.export.id).toMatch(/^[0-9a-f]{32}$/);

    // Progress as the job sees it while it reads the pictures.
    const seen: number[] = [];
    const watching: ExportJobDeps = {
      ...deps,
      media: {
        ...media,
        has: (key) => media.has(key),
        put: (key, data) => media.put(key, data),
        delete: (key) => media.delete(key),
        async get(key) {
          seen.push((await db.em().findOneOrFail(DataExport, requested.export.id)).progress);
          return media.get(key);
        },
      },
    };
    expect(await runQueuedExports(db.em(), watching)).toBe(1);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p > 0 && p < 100)).toBe(true);

    const ready = await api(w.writer).exports.byId({ exportId: requested.export.id });
    expect(ready.status).toBe('READY');
    expect(ready.progress).toBe(100);
    expect(ready.downloadPath).toBe(`/me/export/${requested.export.id}/download`);
    expect(new Date(ready.expiresAt!).getTime() - new Date(ready.finishedAt!).getTime()).toBe(
      EXPORT_VALID_MS,
    );
    expect(ready.fileSize).toBeGreaterThan(0);

    const zip = await zipOf(requested.export.id);
    const names = Object.keys(zip).sort();
    const storyBase = `stories/lighthouses-${w.story.id}`;
    const draftBase = `drafts/untitled-${w.draft.id}`;
    expect(names).toEqual(
      [
        'highlights.json',
        'lists.json',
        'profile.json',
        'responses.json',
        `${draftBase}.html`,
        `${draftBase}.md`,
        `images/${w.imageId}`,
        `${storyBase}.html`,
        `${storyBase}.md`,
      ].sort(),
    );

    const profile = JSON.parse(strFromU8(zip['profile.json']!));
    expect(profile).toMatchObject({
      name: 'Export Writer',
      username: w.writer.username,
      email: w.writer.email,
    });

    // Members-only text is the author's own: their export has it in full.
    const html = strFromU8(zip[`${storyBase}.html`]!);
    expect(html).toContain('<title>Lighthouses</title>');
    expect(html).toContain('<h3>Lighthouses at dusk</h3>');
    expect(html).toContain('<p>The <strong>keeper</strong> climbs the stairs every evening.</p>');
    expect(html).toContain(`<img src="../images/${w.imageId}" alt="A lamp">`);
    expect(html).toContain('<ul><li>Oil</li><li>Wicks</li></ul>');
    expect(html).toContain('the secret of the lens');
    expect(html).toContain(`https://quire.test/p/${w.story.id}`);
    const md = strFromU8(zip[`${storyBase}.md`]!);
    expect(md).toContain('# Lighthouses\n');
    expect(md).toContain('### Lighthouses at dusk');
    expect(md).toContain('The **keeper** climbs the stairs every evening.');
    expect(md).toContain(`![A lamp](../images/${w.imageId})`);
    expect(md).toContain('- Oil\n- Wicks');
    expect(md).toContain('the secret of the lens');

    expect(strFromU8(zip[`${draftBase}.md`]!)).toContain('Harbours I have not finished.');
    expect(strFromU8(zip[`${draftBase}.html`]!)).toContain('<p>Harbours I have not finished.</p>');
    expect(Buffer.from(zip[`images/${w.imageId}`]!).equals(PNG)).toBe(true);

    const responses = JSON.parse(strFromU8(zip['responses.json']!));
    expect(responses).toEqual([
      expect.objectContaining({
        id: w.response.id,
        text: 'Tides answer the moon.',
        inResponseTo: { id: w.theirs.id, title: 'Tides', url: `https://quire.test/p/${w.theirs.id}` },
      }),
    ]);
    const lists = JSON.parse(strFromU8(zip['lists.json']!));
    expect(lists).toEqual([
      expect.objectContaining({
        name: 'Sea reading',
        items: [
          expect.objectContaining({
            type: 'POST',
            note: 'Read twice',
            story: expect.objectContaining({ title: 'Tides' }),
          }),
        ],
      }),
    ]);
    const highlights = JSON.parse(strFromU8(zip['highlights.json']!));
    expect(highlights).toEqual([
      expect.objectContaining({ quote: 'The first', story: expect.objectContaining({ id: w.theirs.id }) }),
    ]);
    // The other writer's story is not in this export.
    expect(names.some((n) => n.includes(w.theirs.id))).toBe(false);

    // The email with the download link, queued once.
    const mails = await db.em().find(EmailOutbox, { to: w.writer.email!, template: 'export-ready' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Quire export is ready');
    expect(mails[0]!.payload.text).toContain(`https://quire.test/me/export/${requested.export.id}/download`);
  });

  it('lists the viewer’s exports newest first, and only theirs', async () => {
    const w = await writerWithWork();
    const first = await api(w.writer).exports.request();
    await runQueuedExports(db.em(), deps);
    clock.advance(60_000);
    const second = await api(w.writer).exports.request();
    expect(second.created).toBe(true);
    const list = await api(w.writer).exports.list();
    expect(list.exports.map((e) => [e.id, e.status])).toEqual([
      [second.export.id, 'QUEUED'],
      [first.export.id, 'READY'],
    ]);
    expect((await api(w.other).exports.list()).exports).toEqual([]);
    await runQueuedExports(db.em(), deps);
  });

  it('answers another user’s export id as it answers a missing one: NOT_FOUND, nothing told', async () => {
    const w = await writerWithWork();
    const mine = await api(w.writer).exports.request();
    await runQueuedExports(db.em(), deps);
    const theirs = api(w.other).exports.byId({ exportId: mine.export.id });
    await expect(theirs).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This export does not exist.' });
    const missing = api(w.other).exports.byId({ exportId: 'f'.repeat(32) });
    await expect(missing).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'This export does not exist.',
    });
    await expect(api(w.other).exports.byId({ exportId: '../x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(api(null).exports.byId({ exportId: mine.export.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(api(null).exports.request()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('makes one export of two requests at once, and returns the running one to a later request', async () => {
    const w = await writerWithWork();
    const [a, b] = await Promise.all([api(w.writer).exports.request(), api(w.writer).exports.request()]);
    expect(a.export.id).toBe(b.export.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await db.em().count(DataExport, { user: w.writer.id })).toBe(1);
    const again = await api(w.writer).exports.request();
    expect(again).toMatchObject({ created: false, export: { id: a.export.id, status: 'QUEUED' } });
    await runQueuedExports(db.em(), deps);
  });

  it('expires an export after its week: the page says so, and cleanup deletes its file', async () => {
    const w = await writerWithWork();
    const requested = await api(w.writer).exports.request();
    await runQueuedExports(db.em(), deps);
    const row = await db.em().findOneOrFail(DataExport, requested.export.id);
    const file = files.pathOf(row.fileKey!);
    await expect(readFile(file)).resolves.toBeInstanceOf(Buffer);

    clock.advance(EXPORT_VALID_MS - 1000);
    // Earlier exports of this file may expire here; this one has a second left.
    await expireExports(db.em(), files, clock.now());
    expect((await db.em().findOneOrFail(DataExport, row.id)).status).toBe('READY');
    await expect(readFile(file)).resolves.toBeInstanceOf(Buffer);
    clock.advance(2000);
    expect((await api(w.writer).exports.byId({ exportId: row.id })).status).toBe('EXPIRED');
    expect(await expireExports(db.em(), files, clock.now())).toBeGreaterThanOrEqual(1);
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    const expired = await db.em().findOneOrFail(DataExport, row.id);
    expect(expired).toMatchObject({ status: 'EXPIRED', fileKey: null });
    expect((await api(w.writer).exports.byId({ exportId: row.id })).downloadPath).toBeNull();
  });

  it('deletes the file of a deleted account’s export at the next cleanup, before its week is out', async () => {
    const w = await writerWithWork();
    const requested = await api(w.writer).exports.request();
    await runQueuedExports(db.em(), deps);
    const row = await db.em().findOneOrFail(DataExport, requested.export.id);
    const file = files.pathOf(row.fileKey!);
    await db.em().nativeUpdate(User, w.writer.id, { isDeleted: true, deletedAt: clock.now() });
    expect(await expireExports(db.em(), files, clock.now())).toBeGreaterThanOrEqual(1);
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await db.em().findOneOrFail(DataExport, row.id)).toMatchObject({
      status: 'EXPIRED',
      fileKey: null,
    });
  });

  it('marks an export FAILED and leaves no file when its build fails, and takes the next one', async () => {
    const w = await writerWithWork();
    const requested = await api(w.writer).exports.request();
    const failing: ExportJobDeps = {
      ...deps,
      media: {
        ...media,
        get: async () => Promise.reject(new Error('disk gone')),
        has: async () => false,
        put: async () => {},
        delete: async () => {},
      },
    };
    const errors: string[] = [];
    expect(await runQueuedExports(db.em(), failing, (_id, e) => errors.push(e.message))).toBe(0);
    expect(errors).toEqual(['disk gone']);
    const row = await db.em().findOneOrFail(DataExport, requested.export.id);
    expect(row).toMatchObject({ status: 'FAILED', fileKey: null });
    await expect(readFile(files.pathOf(`${w.writer.id}/${row.id}.zip`))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    // A failed export no longer blocks a new request.
    expect((await api(w.writer).exports.request()).created).toBe(true);
    await runQueuedExports(db.em(), deps);
    expect(await db.em().count(Post, { creator: w.writer.id })).toBeGreaterThan(0);
  });
});
