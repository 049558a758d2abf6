import { randomBytes } from 'node:crypto';
import { EmailOutbox, Notification, PartnerEnrollment, Post, TaxDocument, TaxForm, User } from '@quire/db';
import {
  partnerTermsToastDue,
  partnerTexts,
  type TAX_NOTIFICATION_STAGES,
  TaxDocumentStatus,
  taxBannerTexts,
  type W8benInput,
  type W9Input,
} from '@quire/domain';
import { buildPost, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { defaultServiceEnvironment } from '../src';
import { can, policyViewer } from '../src/policies';
import { decryptTin, reviewDueTaxForms, sendTaxNotices } from '../src/services/partner';
import { callerAs, refusal, testClock } from './auth-helpers';

const db = useTestDatabase();
// Friday 20 November 2026, noon UTC.
const clock = testClock(new Date('2026-11-20T12:00:00Z'));
const taxFormKey = randomBytes(32);
const env = defaultServiceEnvironment({ taxFormKey });
const as = (viewer: User | null) => callerAs(db, clock, viewer, env);
const DAY = 86_400_000;

/** A writer whose account can join: a confirmed email, paid in `country`. */
async function eligibleWriter(extra: Partial<Pick<User, 'isSuspended' | 'hightowerTermsAcceptedAt'>> = {}) {
  const em = db.em();
  const user = await buildUser(em, extra);
  user.emailVerifiedAt = new Date('2026-01-01T00:00:00Z');
  await em.flush();
  return user;
}

/** A writer who went through eligibility and terms. */
async function enrolledWriter() {
  const user = await eligibleWriter();
  await as(user).partner.start({ country: 'US' });
  await as(user).partner.acceptTerms({ accept: true });
  return db.em().findOneOrFail(User, user.id, { refresh: true });
}

const w9 = (extra: Record<string, unknown> = {}): W9Input =>
  ({
    name: 'Ada Writer',
    businessName: '',
    taxClassification: 'INDIVIDUAL',
    street: '1 Main Street',
    city: 'Springfield',
    state: 'il',
    zip: '62701',
    tinType: 'SSN',
    tin: '512-34-6789',
    certify: true,
    ...extra,
  }) as W9Input;

// Signatures are dated by the real calendar (the form's check reads today's date, not the test clock).
const today = () => new Date().toISOString().slice(0, 10);
const w8ben = (extra: Record<string, unknown> = {}): W8benInput =>
  ({
    name: 'Jean Auteur',
    citizenship: 'fr',
    permanentStreet: '3 rue de la Paix',
    permanentCity: 'Paris',
    postalCode: '75002',
    permanentCountry: 'FR',
    foreignTin: '1 23 45 678 901 23',
    dateOfBirth: '1980-05-17',
    signatureName: 'Jean Auteur',
    signatureDate: today(),
    ...extra,
  }) as W8benInput;

describe('enrolment', () => {
  it('asks a visitor to sign in, and refuses an unconfirmed email, a suspended account and unsupported countries', async () => {
    expect(await refusal(as(null).partner.status())).toMatchObject({ code: 'UNAUTHORIZED' });
    const unconfirmed = await buildUser(db.em());
    expect(await refusal(as(unconfirmed).partner.start({ country: 'US' }))).toEqual({
      code: 'FORBIDDEN',
      message: partnerTexts.verifyEmailFirst,
    });
    const suspended = await eligibleWriter({ isSuspended: true });
    expect(await refusal(as(suspended).partner.start({ country: 'US' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const writer = await eligibleWriter();
    for (const country of ['KP', 'XX', 'usa', '']) {
      expect(await refusal(as(writer).partner.start({ country }))).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await refusal(as(writer).partner.acceptTerms({ accept: true }))).toEqual({
      code: 'BAD_REQUEST',
      message: partnerTexts.needEligibilityFirst,
    });
    expect(await db.em().count(PartnerEnrollment, { user: { $in: [unconfirmed.id, suspended.id] } })).toBe(0);
    const status = await as(unconfirmed).partner.status();
    expect(status).toMatchObject({ isEnrolled: false, nextStep: 'eligibility' });
    expect(status.eligibility).toMatchObject({ emailVerified: false, eligible: false });
  });

  it('enrols on accepting the terms: ENROLLED, isPartnerProgramEnrolled and hightowerTermsAcceptedAt', async () => {
    const writer = await eligibleWriter();
    expect(await as(writer).partner.start({ country: 'gb' })).toEqual({ next: 'terms' });
    expect((await as(writer).partner.status()).nextStep).toBe('terms');
    expect(await refusal(as(writer).partner.acceptTerms({ accept: false } as never))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    await as(writer).partner.acceptTerms({ accept: true });
    const em = db.em();
    const user = await em.findOneOrFail(User, writer.id);
    expect(user.isPartnerProgramEnrolled).toBe(true);
    expect(user.hightowerTermsAcceptedAt).toEqual(clock.now());
    const enrollment = await em.findOneOrFail(PartnerEnrollment, { user: writer.id });
    expect(enrollment).toMatchObject({ status: 'ENROLLED', country: 'GB', termsAcceptedAt: clock.now() });
    const doc = await em.findOneOrFail(TaxDocument, { user: writer.id });
    expect(doc.status).toBe(TaxDocumentStatus.NOT_SUBMITTED);
    expect(doc.earningsLimitedAt).toEqual(new Date(clock.now().getTime() + 30 * DAY));
    expect(doc.earningsForfeitedAt).toEqual(new Date(clock.now().getTime() + 90 * DAY));
    const status = await as(user).partner.status();
    expect(status).toMatchObject({ isEnrolled: true, nextStep: 'tax', taxStatus: 0 });
    const me = await as(user).viewer.me();
    expect(me?.isPartnerProgramEnrolled).toBe(true);
    expect(me?.userTaxDocuments?.taxDocumentStatus).toBe(0);
  });

  it('keeps PP_ACCEPT_TERMS working: due for an acceptance before the cutoff, gone once the terms are accepted again', async () => {
    // A writer from before: no confirmed email and no payout country recorded, yet they may accept again.
    const em = db.em();
    const writer = await buildUser(em, { hightowerTermsAcceptedAt: new Date('2020-03-01T00:00:00Z') });
    em.create(PartnerEnrollment, {
      user: writer,
      status: 'ENROLLED',
      country: null,
      termsAcceptedAt: new Date('2020-03-01T00:00:00Z'),
      enrolledAt: new Date('2020-03-01T00:00:00Z'),
    });
    writer.isPartnerProgramEnrolled = true;
    await em.flush();
    const before = await as(writer).viewer.me();
    expect(partnerTermsToastDue(before!)).toBe(true);
    await as(writer).partner.acceptTerms({ accept: true });
    const after = await as(await em.findOneOrFail(User, writer.id, { refresh: true })).viewer.me();
    expect(after!.hightowerTermsAcceptedAt).toBe(clock.now().getTime());
    expect(partnerTermsToastDue(after!)).toBe(false);
    // Accepting again while enrolled keeps the day the writer joined.
    const enrollment = await em.findOneOrFail(PartnerEnrollment, { user: writer.id }, { refresh: true });
    expect(enrollment.enrolledAt).toEqual(new Date('2020-03-01T00:00:00Z'));
  });

  it('unenrols after confirmation: NOT_ENROLLED, stories kept', async () => {
    const writer = await enrolledWriter();
    const story = await buildPost(db.em(), { creator: writer, title: 'Still here' });
    expect(await refusal(as(writer).partner.unenroll({ confirm: false } as never))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await as(writer).partner.unenroll({ confirm: true })).toEqual({ status: 'NOT_ENROLLED' });
    const em = db.em();
    expect((await em.findOneOrFail(User, writer.id)).isPartnerProgramEnrolled).toBe(false);
    expect(await em.findOneOrFail(PartnerEnrollment, { user: writer.id })).toMatchObject({
      status: 'NOT_ENROLLED',
      unenrolledAt: clock.now(),
    });
    expect((await em.findOneOrFail(Post, story.id)).status).toBe('PUBLISHED');
    expect(await refusal(as(writer).partner.unenroll({ confirm: true }))).toEqual({
      code: 'BAD_REQUEST',
      message: partnerTexts.notEnrolled,
    });
    expect(await refusal(as(writer).partner.submitW9(w9()))).toEqual({
      code: 'FORBIDDEN',
      message: partnerTexts.mustEnrollForTaxes,
    });
  });

  it('refuses a barred account (PERMISSION_DENIED)', async () => {
    const writer = await eligibleWriter();
    const em = db.em();
    em.create(PartnerEnrollment, { user: writer.id, status: 'PERMISSION_DENIED', country: 'US' });
    await em.flush();
    expect(await refusal(as(writer).partner.acceptTerms({ accept: true }))).toEqual({
      code: 'FORBIDDEN',
      message: partnerTexts.permissionDenied,
    });
  });
});

describe('tax forms', () => {
  it('refuses invalid TINs, countries and dates, saving nothing', async () => {
    const writer = await enrolledWriter();
    const yesterdayButOne = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const w9Attempts: [Record<string, unknown>, string][] = [
      [{ tin: '000-12-3456' }, partnerTexts.invalid.ssn],
      [{ tin: '666-12-3456' }, partnerTexts.invalid.ssn],
      [{ tin: '912-34-5678' }, partnerTexts.invalid.ssn],
      [{ tin: '512-00-6789' }, partnerTexts.invalid.ssn],
      [{ tin: '512-34-0000' }, partnerTexts.invalid.ssn],
      [{ tin: '07-1234567', tinType: 'EIN' }, partnerTexts.invalid.ein],
      [{ tin: '12-345678' }, partnerTexts.invalid.tinDigits],
      [{ tin: 'abc-de-fghi' }, partnerTexts.invalid.tinDigits],
      [{ tin: '512-34-6789\u0000' }, 'not allowed'],
      [{ state: 'ZZ' }, partnerTexts.invalid.state],
      [{ zip: '1234' }, partnerTexts.invalid.zip],
      [{ certify: false }, partnerTexts.invalid.certify],
      [{ name: '  ' }, partnerTexts.invalid.nameRequired],
      [{ taxClassification: 'PIRATE' }, partnerTexts.invalid.classification],
    ];
    for (const [extra, message] of w9Attempts) {
      const refused = await refusal(as(writer).partner.submitW9(w9(extra) as never));
      expect(refused?.code, JSON.stringify(extra)).toBe('BAD_REQUEST');
      expect(refused?.message, JSON.stringify(extra)).toContain(message);
    }
    const w8Attempts: [Record<string, unknown>, string][] = [
      [{ citizenship: 'US' }, partnerTexts.invalid.usPerson],
      [{ permanentCountry: 'XX' }, partnerTexts.invalid.country],
      [{ citizenship: 'France' }, partnerTexts.invalid.country],
      [{ dateOfBirth: '1980-02-30' }, partnerTexts.invalid.date],
      [{ dateOfBirth: '17/05/1980' }, partnerTexts.invalid.date],
      [{ dateOfBirth: '2015-01-01' }, partnerTexts.invalid.dateOfBirth],
      [{ dateOfBirth: '3000-01-01' }, partnerTexts.invalid.dateOfBirth],
      [{ signatureDate: yesterdayButOne }, partnerTexts.invalid.signatureDate],
      [{ signatureDate: '2099-01-01' }, partnerTexts.invalid.signatureDate],
      [{ signatureName: 'Someone Else' }, partnerTexts.invalid.signatureName],
      [{ foreignTin: '', foreignTinMissingReason: '' }, partnerTexts.invalid.foreignTin],
      [{ foreignTin: '<script>' }, partnerTexts.invalid.foreignTinFormat],
      [{ treatyCountry: 'ZZ' }, partnerTexts.invalid.country],
    ];
    for (const [extra, message] of w8Attempts) {
      const refused = await refusal(as(writer).partner.submitW8ben(w8ben(extra) as never));
      expect(refused?.code, JSON.stringify(extra)).toBe('BAD_REQUEST');
      expect(refused?.message, JSON.stringify(extra)).toContain(message);
    }
    expect(await db.em().count(TaxForm, { user: writer.id })).toBe(0);
    expect((await db.em().findOneOrFail(TaxDocument, { user: writer.id })).status).toBe(0);
  });

  it('stores the TIN encrypted at rest and shows it masked', async () => {
    const writer = await enrolledWriter();
    const out = await as(writer).partner.submitW9(w9());
    expect(out.form).toMatchObject({ formType: 'W9', status: 1, tin: '•••-••-6789' });
    const [raw] = await db
      .em()
      .execute<{ row: string }[]>(`select row_to_json(f)::text as row from tax_forms f where user_id = ?`, [
        writer.id,
      ]);
    expect(raw!.row).not.toContain('512346789');
    expect(raw!.row).not.toContain('512-34-6789');
    const form = await db.em().findOneOrFail(TaxForm, { user: writer.id });
    expect(form.tinCiphertext).toMatch(/^v1:/);
    expect(decryptTin(taxFormKey, writer.id, form.tinCiphertext!)).toBe('512346789');
    // The ciphertext is bound to its owner: on another user's row it does not decrypt.
    expect(() => decryptTin(taxFormKey, 'someoneelse1', form.tinCiphertext!)).toThrow();
    const page = await as(writer).partner.taxForms();
    expect(JSON.stringify(page)).not.toContain('512346789');
    expect(page.form?.tin).toBe('•••-••-6789');
    expect(page.banner?.message).toBe(taxBannerTexts.inReview);
  });

  it('moves through the statuses after business days: approved, invalid, on hold then approved', async () => {
    const approved = await enrolledWriter();
    const invalid = await enrolledWriter();
    const held = await enrolledWriter();
    await as(approved).partner.submitW9(w9());
    await as(invalid).partner.submitW9(w9({ tin: '078-05-1120' }));
    await as(held).partner.submitW8ben(w8ben({ treatyCountry: 'DE' }));
    const form = await db.em().findOneOrFail(TaxForm, { user: approved.id });
    // Friday noon plus three business days: Wednesday noon (the weekend does not count).
    expect(form.reviewDueAt).toEqual(new Date('2026-11-25T12:00:00Z'));
    const statusOf = async (user: User) =>
      (await db.em().findOneOrFail(TaxDocument, { user: user.id }, { refresh: true })).status;

    // Forms of the file's other writers are due too: the counts are at least this file's three.
    await reviewDueTaxForms(db.em(), new Date('2026-11-25T11:59:00Z'));
    expect(await statusOf(approved)).toBe(TaxDocumentStatus.PENDING);
    expect(await reviewDueTaxForms(db.em(), new Date('2026-11-25T12:00:00Z'))).toBeGreaterThanOrEqual(3);
    expect(await statusOf(approved)).toBe(TaxDocumentStatus.APPROVED);
    expect(await statusOf(invalid)).toBe(TaxDocumentStatus.INVALID);
    expect(await statusOf(held)).toBe(TaxDocumentStatus.ON_HOLD);
    expect((await as(invalid).partner.taxForms()).banner?.message).toBe(taxBannerTexts.issue);
    expect((await as(held).partner.taxForms()).banner?.message).toBe(taxBannerTexts.inReview);
    expect((await as(approved).partner.taxForms()).banner).toBeNull();
    // A held form waits five business days: the Friday after.
    await reviewDueTaxForms(db.em(), new Date('2026-11-26T12:00:00Z'));
    expect(await statusOf(held)).toBe(TaxDocumentStatus.ON_HOLD);
    await reviewDueTaxForms(db.em(), new Date('2026-11-27T12:00:00Z'));
    expect(await statusOf(held)).toBe(TaxDocumentStatus.APPROVED);
    // A new form replaces the invalid one and is reviewed again.
    await as(invalid).partner.submitW9(w9());
    expect(await statusOf(invalid)).toBe(TaxDocumentStatus.PENDING);
    expect((await as(invalid).partner.status()).nextStep).toBe('payout');
  });

  it('never shows one writer’s tax form to another', async () => {
    const owner = await enrolledWriter();
    const other = await enrolledWriter();
    await as(owner).partner.submitW9(w9());
    const theirs = await as(other).partner.taxForms();
    expect(theirs.form).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain('6789');
    expect(await refusal(as(other).viewer.taxStatus({ userId: owner.id }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(can(policyViewer(other), 'viewPartnerAccount', { id: owner.id })).toBe(false);
    expect(can(policyViewer(owner), 'viewPartnerAccount', { id: owner.id })).toBe(true);
    expect(can(policyViewer(null), 'viewPartnerAccount', { id: owner.id })).toBe(false);
    expect(await refusal(as(null).partner.taxForms())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('tax notifications', () => {
  const notices = (user: User) =>
    db.em().find(Notification, { recipient: user.id }, { orderBy: { occurredAt: 'asc' } });

  it('raises each tax_not_submitted stage once, at its time, with an email', async () => {
    const writer = await enrolledWriter();
    const joined = clock.now().getTime();
    const at = (days: number) => new Date(joined + days * DAY);
    const opts = { publicUrl: 'http://localhost:3000' };
    await sendTaxNotices(db.em(), at(0.5), opts);
    expect(await notices(writer)).toHaveLength(0);
    const stageDays: Record<(typeof TAX_NOTIFICATION_STAGES)[number], number> = {
      day_one: 1,
      pre_earning_limit: 23,
      post_earning_limit: 30,
      final: 83,
      last_day: 89,
    };
    for (const [stage, days] of Object.entries(stageDays)) {
      await sendTaxNotices(db.em(), at(days), opts);
      // Run again: nothing more.
      await sendTaxNotices(db.em(), at(days + 0.1), opts);
      const types = (await notices(writer)).map((n) => n.notificationType);
      expect(types.at(-1)).toBe(`tax_not_submitted_${stage}`);
      expect(types.filter((t) => t === `tax_not_submitted_${stage}`)).toHaveLength(1);
    }
    expect(await notices(writer)).toHaveLength(5);
    const mails = await db.em().find(EmailOutbox, { to: writer.email!, template: 'tax-notice' });
    expect(mails).toHaveLength(5);
    expect(String(mails[0]!.payload.text)).toContain('/me/partner/taxes');
    // Past the forfeit deadline: no more reminders, and the earnings are recorded as forfeited.
    await sendTaxNotices(db.em(), at(91), opts);
    expect(await notices(writer)).toHaveLength(5);
    const doc = await db.em().findOneOrFail(TaxDocument, { user: writer.id }, { refresh: true });
    expect(doc.earningsInternallyForfeitedAt).toEqual(at(91));
  });

  it('sends the latest due stage only when the job missed earlier ones, and tax_failed_tin after an invalid form', async () => {
    const writer = await enrolledWriter();
    const joined = clock.now().getTime();
    const opts = { publicUrl: 'http://localhost:3000' };
    await sendTaxNotices(db.em(), new Date(joined + 31 * DAY), opts);
    expect((await notices(writer)).map((n) => n.notificationType)).toEqual([
      'tax_not_submitted_post_earning_limit',
    ]);
    await as(writer).partner.submitW9(w9({ tin: '219-09-9999' }));
    const reviewedAt = new Date('2026-11-25T12:00:00Z');
    await reviewDueTaxForms(db.em(), reviewedAt);
    await sendTaxNotices(db.em(), new Date(reviewedAt.getTime() + DAY / 2), opts);
    expect(await notices(writer)).toHaveLength(1);
    await sendTaxNotices(db.em(), new Date(reviewedAt.getTime() + DAY), opts);
    await sendTaxNotices(db.em(), new Date(reviewedAt.getTime() + DAY + 1000), opts);
    expect((await notices(writer)).map((n) => n.notificationType).sort()).toEqual([
      'tax_failed_tin_day_one',
      'tax_not_submitted_post_earning_limit',
    ]);
    // Approved writers and those who left get none.
    const left = await enrolledWriter();
    await as(left).partner.unenroll({ confirm: true });
    await sendTaxNotices(db.em(), new Date(joined + 2 * DAY), opts);
    expect(await notices(left)).toHaveLength(0);
  });
});
