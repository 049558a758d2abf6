import { PartnerEnrollment, TaxDocument, TaxForm, type User } from '@quire/db';
import { partnerTexts, TaxDocumentStatus, taxBannerTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/*
 * The Partner Program and payout pages as the server renders them (the reader must be built first): visitors are
 * asked to sign in, each writer sees their own state, the tax page shows the §4 banner and the masked number.
 */

const t = useTestApp();

/** Texts as React writes them into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

async function writer(opts: { enrolled?: boolean; verified?: boolean } = {}) {
  const em = t.db.em();
  const user = await buildUser(em);
  if (opts.verified !== false) user.emailVerifiedAt = new Date('2026-01-01T00:00:00Z');
  if (opts.enrolled) {
    user.isPartnerProgramEnrolled = true;
    user.hightowerTermsAcceptedAt = new Date();
    em.create(PartnerEnrollment, {
      user,
      status: 'ENROLLED',
      country: 'US',
      termsAcceptedAt: new Date(),
      enrolledAt: new Date(),
    });
    em.create(TaxDocument, {
      user,
      status: TaxDocumentStatus.NOT_SUBMITTED,
      earningsLimitedAt: new Date(Date.now() + 30 * 86_400_000),
      earningsForfeitedAt: new Date(Date.now() + 90 * 86_400_000),
    });
  }
  await em.flush();
  return { user, token: await buildSession(em, user) };
}

/** Calls a tRPC mutation over HTTP as the session's user. */
const mutate = (token: string, path: string, input: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: authHeaders(token),
    payload: input as object,
  });

describe('Partner Program pages', () => {
  it('explains the program to everyone at /m/partner-program and /earn, with the way in', async () => {
    for (const path of ['/m/partner-program', '/earn']) {
      const res = await t.page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain(partnerTexts.apply);
      expect(res.body).toContain('href="/me/partner/enroll"');
    }
    const { token } = await writer({ enrolled: true });
    const mine = await t.page('/m/partner-program', token);
    expect(mine.body).toContain(partnerTexts.goToDashboard);
    expect(mine.body).toContain('href="/me/partner/dashboard"');
  });

  it('asks visitors to sign in on every enrolment, tax and payout page', async () => {
    for (const path of [
      '/me/partner/enroll',
      '/me/partner/enroll/terms',
      '/me/partner/unenroll',
      '/me/partner/taxes',
      '/me/settings/payout/setup',
      '/me/settings/payout/stripe/finish',
      '/me/settings/payout/dashboard',
    ]) {
      const res = await t.page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(`/m/signin?redirect=${encodeURIComponent(path)}`);
    }
  });

  it('walks a writer through the steps; an unknown step is a 404', async () => {
    const { token } = await writer();
    const eligibility = await t.page('/me/partner/enroll', token);
    expect(eligibility.statusCode).toBe(200);
    expect(eligibility.body).toContain(partnerTexts.checks.emailVerified);
    expect(eligibility.body).toContain('data-step="eligibility"');
    expect((await t.page('/me/partner/enroll/bogus', token)).statusCode).toBe(404);
    expect((await mutate(token, 'partner.start', { country: 'US' })).statusCode).toBe(200);
    const terms = await t.page('/me/partner/enroll/terms', token);
    expect(terms.body).toContain(html(partnerTexts.acceptTerms));
    const refused = await mutate(token, 'partner.acceptTerms', { accept: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(partnerTexts.termsRequired);
    expect((await mutate(token, 'partner.acceptTerms', { accept: true })).statusCode).toBe(200);
    const tax = await t.page('/me/partner/enroll/tax', token);
    expect(tax.body).toContain('href="/me/partner/taxes"');
    const payout = await t.page('/me/partner/enroll/payout', token);
    expect(payout.body).toContain('href="/me/settings/payout/setup"');
    const leave = await t.page('/me/partner/unenroll', token);
    expect(leave.body).toContain(html(partnerTexts.unenrollCheckbox));
  });

  it('shows the tax banner and the form on the tax page, and only the last four digits of the number', async () => {
    const { user, token } = await writer({ enrolled: true });
    const before = await t.page('/me/partner/taxes', token);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Your tax forms must be approved by');
    expect(before.body).toContain('data-testid="tax-form"');
    const submitted = await mutate(token, 'partner.submitW9', {
      name: 'Page Writer',
      taxClassification: 'INDIVIDUAL',
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      tinType: 'SSN',
      tin: '512-34-6789',
      certify: true,
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).not.toContain('512346789');
    const after = await t.page('/me/partner/taxes', token);
    expect(after.body).toContain(html(taxBannerTexts.inReview));
    expect(after.body).toContain('•••-••-6789');
    expect(after.body).not.toContain('512346789');
    expect(after.body).not.toContain('512-34-6789');
    const bad = await mutate(token, 'partner.submitW9', {
      name: 'Page Writer',
      taxClassification: 'INDIVIDUAL',
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      tinType: 'SSN',
      tin: '666-12-3456',
      certify: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error.message).toBe(`tin: ${partnerTexts.invalid.ssn}`);
    expect(await t.db.em().count(TaxForm, { user: (user as User).id })).toBe(1);
  });

  it('sets up payouts in test mode: the labelled local onboarding, then the account on the dashboard', async () => {
    const { user, token } = await writer({ enrolled: true });
    const setup = await t.page('/me/settings/payout/setup', token);
    expect(setup.statusCode).toBe(200);
    expect(setup.body).toContain(html(partnerTexts.testMode));
    expect(setup.body).toContain(partnerTexts.setupButton);
    const link = await mutate(token, 'partner.setupPayouts', {});
    expect(link.statusCode).toBe(200);
    const url = new URL(JSON.parse(link.body).result.data.url, 'http://localhost');
    expect(url.pathname).toBe('/payout/test-onboarding');
    const accountId = url.searchParams.get('account')!;
    const onboarding = await t.page(`${url.pathname}${url.search}`, token);
    expect(onboarding.statusCode).toBe(200);
    expect(onboarding.body).toContain(partnerTexts.testOnboardingComplete);
    const other = await writer({ enrolled: true });
    expect((await mutate(other.token, 'partner.completeTestOnboarding', { accountId })).statusCode).toBe(404);
    expect((await mutate(token, 'partner.completeTestOnboarding', { accountId })).statusCode).toBe(200);
    const finish = await t.page('/me/settings/payout/stripe/finish', token);
    expect(finish.body).toContain(partnerTexts.finishReady);
    const dashboard = await t.page('/me/settings/payout/dashboard', token);
    expect(dashboard.body).toContain('data-testid="payouts-enabled"');
    expect(dashboard.body).toContain(partnerTexts.historyEmpty);
    expect(dashboard.body).toContain(partnerTexts.openStripeDashboard);
    const enrollment = await t.db.em().findOneOrFail(PartnerEnrollment, { user: user.id });
    expect(enrollment.payoutsEnabled).toBe(true);
    // Another writer's dashboard shows only their own (no account).
    const theirs = await t.page('/me/settings/payout/dashboard', other.token);
    expect(theirs.body).toContain(partnerTexts.noAccount);
  });
});
