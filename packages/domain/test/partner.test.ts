import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  dueTaxNoticeStage,
  isValidEin,
  isValidSsn,
  maskedTin,
  partnerEligibility,
  partnerEnrollStepOf,
  taxDeadlines,
  taxNoticeStageTimes,
  taxReviewDueAt,
  tinDigits,
} from '../src';

describe('business days (spec §9 tax review: 3 to 5 business days)', () => {
  it('skips Saturdays and Sundays, holidays counted as business days', () => {
    // Friday → Wednesday; Monday → Thursday; a Saturday start counts from Monday.
    expect(addBusinessDays(new Date('2026-11-20T12:00:00Z'), 3)).toEqual(new Date('2026-11-25T12:00:00Z'));
    expect(addBusinessDays(new Date('2026-11-23T09:00:00Z'), 3)).toEqual(new Date('2026-11-26T09:00:00Z'));
    expect(addBusinessDays(new Date('2026-11-21T09:00:00Z'), 1)).toEqual(new Date('2026-11-23T09:00:00Z'));
    // Thanksgiving (26 November 2026) is not known: it counts.
    expect(taxReviewDueAt(new Date('2026-11-24T00:00:00Z'))).toEqual(new Date('2026-11-27T00:00:00Z'));
    expect(taxReviewDueAt(new Date('2026-11-20T12:00:00Z'), true)).toEqual(new Date('2026-11-27T12:00:00Z'));
  });
});

describe('taxpayer numbers', () => {
  it('keeps nine digits typed with dashes or spaces, and knows the SSN and EIN ranges never issued', () => {
    expect(tinDigits('512-34-6789')).toBe('512346789');
    expect(tinDigits('12 3456789')).toBe('123456789');
    expect(tinDigits('1234')).toBeNull();
    expect(tinDigits('51a-34-6789')).toBeNull();
    for (const ssn of ['000123456', '666123456', '900123456', '999123456', '512006789', '512340000'])
      expect(isValidSsn(ssn), ssn).toBe(false);
    expect(isValidSsn('512346789')).toBe(true);
    for (const ein of ['001234567', '071234567', '891234567', '971234567'])
      expect(isValidEin(ein), ein).toBe(false);
    expect(isValidEin('121234567')).toBe(true);
    expect(maskedTin('SSN', '6789')).toBe('•••-••-6789');
    expect(maskedTin('EIN', '4567')).toBe('••-•••4567');
  });
});

describe('tax reminder stages (spec §9)', () => {
  const enrolled = new Date('2026-01-01T00:00:00Z');
  const { earningsLimitedAt, earningsForfeitedAt } = taxDeadlines(enrolled);
  const times = taxNoticeStageTimes({ startedAt: enrolled, earningsLimitedAt, earningsForfeitedAt });
  const at = (days: number) => new Date(enrolled.getTime() + days * 86_400_000);
  it('answers the latest stage due, none before day one or from the forfeit deadline', () => {
    expect(dueTaxNoticeStage(times, earningsForfeitedAt, at(0.9))).toBeNull();
    expect(dueTaxNoticeStage(times, earningsForfeitedAt, at(1))).toBe('day_one');
    expect(dueTaxNoticeStage(times, earningsForfeitedAt, at(22))).toBe('day_one');
    expect(dueTaxNoticeStage(times, earningsForfeitedAt, at(23))).toBe('pre_earning_limit');
    expect(dueTaxNoticeStage(times, earningsForfeitedAt, at(30))).toBe('post_earning_limit');
    expect(dueTaxNoticeStage(times, earningsForfeitedAt, at(83))).toBe('final');
    expect(dueTaxNoticeStage(times, earningsForfeitedAt, at(89))).toBe('last_day');
    expect(dueTaxNoticeStage(times, earningsForfeitedAt, at(90))).toBeNull();
  });
});

describe('enrolment', () => {
  it('names its steps and checks eligibility', () => {
    expect(partnerEnrollStepOf(undefined)).toBe('eligibility');
    expect(partnerEnrollStepOf('payout')).toBe('payout');
    expect(partnerEnrollStepOf('bogus')).toBeNull();
    expect(partnerEligibility({ emailVerified: true, suspended: false, country: 'us' }).eligible).toBe(true);
    expect(partnerEligibility({ emailVerified: true, suspended: false, country: 'KP' })).toMatchObject({
      countrySupported: false,
      eligible: false,
    });
    expect(partnerEligibility({ emailVerified: false, suspended: true, country: 'US' })).toMatchObject({
      emailVerified: false,
      inGoodStanding: false,
      eligible: false,
    });
  });
});
