import { createHash } from 'node:crypto';
import { EmailOutbox, NewsletterSubscription, type User } from '@quire/db';
import {
  SUBSCRIBER_IMPORT_MAX_BYTES,
  SUBSCRIBER_IMPORT_MAX_ROWS,
  newsletterAdminTexts as texts,
} from '@quire/domain';
import { addCollectionMember, buildCollection, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { ensureWriterNewsletter } from '../src/services/newsletters/core';
import { previewImport } from '../src/services/newsletters/subscriber-import';
import { browser, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

async function writerWithNewsletter() {
  const writer = await buildUser(db.em(), { name: 'Importing Writer' });
  const newsletter = await ensureWriterNewsletter(db.em(), writer);
  return { writer, newsletterId: newsletter.id };
}

const preview = (viewer: User, newsletterId: string, csv: string) =>
  previewImport(db.em(), viewer, newsletterId, csv);

const outboxTo = (email: string) => db.em().find(EmailOutbox, { to: email, template: 'newsletter-confirm' });

describe('the import preview', () => {
  it('sorts rows into new, repeated, already on the list and invalid, with a header or without', async () => {
    const { writer, newsletterId } = await writerWithNewsletter();
    const em = db.em();
    em.create(NewsletterSubscription, {
      newsletter: newsletterId,
      email: 'known@example.com',
      entityKind: 'AUTHOR',
      confirmedAt: new Date(),
    });
    await em.flush();
    const csv = [
      'Name,Email',
      'Ada,ada@example.com',
      '"Lovelace, Ada",ADA@example.com',
      'Known,known@example.com',
      'Nobody,not-an-address',
      'Nul,nul\u0000@example.com',
      'Lone,lone\ud800@example.com',
      '',
      '"Grace ""Amazing"" Hopper",grace@example.com',
    ].join('\r\n');
    const out = await preview(writer, newsletterId, csv);
    expect(out.valid).toEqual([
      { row: 2, email: 'ada@example.com', name: 'Ada' },
      { row: 9, email: 'grace@example.com', name: 'Grace "Amazing" Hopper' },
    ]);
    expect(out.duplicates).toEqual([{ row: 3, email: 'ada@example.com', name: 'Lovelace, Ada' }]);
    expect(out.alreadySubscribed).toEqual([
      { row: 4, email: 'known@example.com', name: 'Known', status: 'subscribed' },
    ]);
    expect(out.invalid.map((r) => [r.row, r.problem])).toEqual([
      [5, 'invalidEmail'],
      [6, 'invalidCharacters'],
      [7, 'invalidCharacters'],
    ]);
    // Nothing is written by a preview.
    expect(await db.em().count(NewsletterSubscription, { newsletter: newsletterId })).toBe(1);
  });

  it('takes a bare list of addresses and a semicolon-separated file', async () => {
    const { writer, newsletterId } = await writerWithNewsletter();
    const bare = await preview(writer, newsletterId, 'one@example.com\ntwo@example.com\n');
    expect(bare.valid.map((r) => r.email)).toEqual(['one@example.com', 'two@example.com']);
    const semi = await preview(writer, newsletterId, 'email;name\nthree@example.com;Three\n');
    expect(semi.valid).toEqual([{ row: 2, email: 'three@example.com', name: 'Three' }]);
  });

  it('refuses files that are too large, too long, empty or not a CSV of addresses', async () => {
    const { writer, newsletterId } = await writerWithNewsletter();
    const refused = (csv: string) => refusal(preview(writer, newsletterId, csv));
    expect(await refused('a'.repeat(SUBSCRIBER_IMPORT_MAX_BYTES + 1))).toEqual({
      code: 'BAD_REQUEST',
      message: texts.fileTooLarge,
    });
    const rows = Array.from({ length: SUBSCRIBER_IMPORT_MAX_ROWS + 1 }, (_, i) => `r${i}@x.io`).join('\n');
    expect(await refused(rows)).toEqual({ code: 'BAD_REQUEST', message: texts.tooManyRows });
    expect(await refused('  \n\n')).toEqual({ code: 'BAD_REQUEST', message: texts.emptyFile });
    expect(await refused('\u0089PNG\r\n\u001a\n\u0000\u0000binary')).toEqual({
      code: 'BAD_REQUEST',
      message: texts.notCsv,
    });
    expect(await refused('"never closed@example.com\n')).toEqual({
      code: 'BAD_REQUEST',
      message: texts.notCsv,
    });
  });

  it('is nobody’s business but the newsletter’s manager’s', async () => {
    const { newsletterId } = await writerWithNewsletter();
    const stranger = await buildUser(db.em());
    expect(await refusal(preview(stranger, newsletterId, 'a@example.com'))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('confirming an import', () => {
  it('invites each new address once: an unconfirmed IMPORT row and one confirmation email', async () => {
    const { writer, newsletterId } = await writerWithNewsletter();
    const out = await as(writer).newsletterAdmin.confirmImport({
      newsletterId,
      rows: [
        { email: 'new1@example.com', name: 'New One' },
        { email: 'NEW1@example.com', name: '' },
        { email: 'new2@example.com', name: '' },
        { email: 'bad address', name: '' },
      ],
    });
    expect(out).toEqual({ invited: 2, message: texts.imported(2) });
    const rows = await db
      .em()
      .find(NewsletterSubscription, { newsletter: newsletterId }, { orderBy: { email: 'asc' } });
    expect(rows.map((r) => [r.email, r.source, r.confirmedAt, r.unsubscribedAt])).toEqual([
      ['new1@example.com', 'IMPORT', null, null],
      ['new2@example.com', 'IMPORT', null, null],
    ]);
    for (const row of rows) {
      const mails = await outboxTo(row.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.payload.category).toBe('security');
      const token = String(mails[0]!.payload.link).split('/m/newsletter/confirm/')[1]!;
      expect(createHash('sha256').update(token).digest('hex')).toBe(row.confirmTokenHash);
      expect(row.confirmSentAt).not.toBeNull();
    }
    // The writer's count of subscribers does not move until someone confirms.
    const target = await as(writer).newsletterAdmin.subscribersTarget({});
    expect(target).toMatchObject({ id: newsletterId, subscriberCount: 0 });
  });

  it('re-importing adds and mails no one already on the list, confirmed or not', async () => {
    const { writer, newsletterId } = await writerWithNewsletter();
    const em = db.em();
    em.create(NewsletterSubscription, {
      newsletter: newsletterId,
      email: 'confirmed@example.com',
      entityKind: 'AUTHOR',
      confirmedAt: new Date(),
    });
    em.create(NewsletterSubscription, {
      newsletter: newsletterId,
      email: 'left@example.com',
      entityKind: 'AUTHOR',
      confirmedAt: new Date(),
      unsubscribedAt: new Date(),
    });
    await em.flush();
    const rows = [
      { email: 'confirmed@example.com', name: '' },
      { email: 'left@example.com', name: '' },
      { email: 'fresh@example.com', name: '' },
    ];
    expect((await as(writer).newsletterAdmin.confirmImport({ newsletterId, rows })).invited).toBe(1);
    expect(await refusal(as(writer).newsletterAdmin.confirmImport({ newsletterId, rows }))).toEqual({
      code: 'BAD_REQUEST',
      message: texts.nothingToImport,
    });
    expect(await db.em().count(NewsletterSubscription, { newsletter: newsletterId })).toBe(3);
    expect(await outboxTo('confirmed@example.com')).toHaveLength(0);
    expect(await outboxTo('left@example.com')).toHaveLength(0);
    expect(await outboxTo('fresh@example.com')).toHaveLength(1);
    const left = await db
      .em()
      .findOneOrFail(NewsletterSubscription, { newsletter: newsletterId, email: 'left@example.com' });
    expect(left.unsubscribedAt).not.toBeNull();
  });

  it('two imports of the same address at once invite it once', async () => {
    const { writer, newsletterId } = await writerWithNewsletter();
    const rows = [{ email: 'race@example.com', name: '' }];
    await Promise.allSettled([
      as(writer).newsletterAdmin.confirmImport({ newsletterId, rows }),
      as(writer).newsletterAdmin.confirmImport({ newsletterId, rows }),
    ]);
    expect(
      await db.em().count(NewsletterSubscription, { newsletter: newsletterId, email: 'race@example.com' }),
    ).toBe(1);
    expect(await outboxTo('race@example.com')).toHaveLength(1);
  });

  it('imports into a publication’s newsletter for its editors only, never for its writers', async () => {
    const owner = await buildUser(db.em());
    const writer = await buildUser(db.em());
    const publication = await buildCollection(db.em(), { creator: owner });
    await addCollectionMember(db.em(), publication, writer, 'WRITER');
    const { id: newsletterId } = await as(owner).newsletterAdmin.create({
      collectionId: publication.id,
      name: 'Pub Letters',
    });
    const rows = [{ email: 'pub-reader@example.com', name: '' }];
    expect(await refusal(as(writer).newsletterAdmin.confirmImport({ newsletterId, rows }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(as(null).newsletterAdmin.confirmImport({ newsletterId, rows }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await db.em().count(NewsletterSubscription, { newsletter: newsletterId })).toBe(0);
    expect((await as(owner).newsletterAdmin.confirmImport({ newsletterId, rows })).invited).toBe(1);
    const row = await db.em().findOneOrFail(NewsletterSubscription, { newsletter: newsletterId });
    expect(row.entityKind).toBe('COLLECTION');
    expect(await as(owner).newsletterAdmin.subscribersTarget({ newsletterId })).toMatchObject({
      id: newsletterId,
      publication: { id: publication.id },
    });
  });

  it('refuses more rows than an import takes', async () => {
    const { writer, newsletterId } = await writerWithNewsletter();
    const rows = Array.from({ length: SUBSCRIBER_IMPORT_MAX_ROWS + 1 }, (_, i) => ({
      email: `m${i}@x.io`,
      name: '',
    }));
    const refused = await refusal(as(writer).newsletterAdmin.confirmImport({ newsletterId, rows }));
    expect(refused?.code).toBe('BAD_REQUEST');
    expect(refused?.message).toContain(texts.tooManyRows);
    expect(await db.em().count(NewsletterSubscription, { newsletter: newsletterId })).toBe(0);
  });
});
