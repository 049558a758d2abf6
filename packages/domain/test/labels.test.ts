import { describe, expect, it } from 'vitest';
import { TaxDocumentStatus } from '../src/enums';
import {
  draftLabel,
  formatLongDate,
  formatMonthYear,
  formatShortDate,
  greetingAt,
  greetingForHour,
  greetingPeriod,
  isMember,
  memberSinceLabel,
  PP_TERMS_ACKNOWLEDGEMENT_FLAG,
  partnerTermsToastDue,
  postStateLabel,
  publishedLabel,
  taxBanner,
  taxStatusToast,
  unreadBadge,
} from '../src/labels';

describe('draftLabel (§4)', () => {
  it('pending, viewer is editor or author', () => {
    expect(
      draftLabel({
        statusForCollection: 'PENDING',
        pendingCollectionName: 'Pub',
        viewerIsEditorOrAuthor: true,
      }),
    ).toBe('Draft in Pub');
  });

  it('pending, publication known', () => {
    expect(draftLabel({ statusForCollection: 'PENDING', pendingCollectionName: 'Pub' })).toBe(
      'Draft submitted to Pub',
    );
  });

  it('pending, publication unknown', () => {
    expect(draftLabel({ statusForCollection: 'PENDING', viewerIsEditorOrAuthor: true })).toBe(
      'Submitted draft',
    );
    expect(draftLabel({ statusForCollection: 'PENDING', pendingCollectionName: null })).toBe(
      'Submitted draft',
    );
  });

  it('not yet submitted and otherwise', () => {
    expect(draftLabel({ statusForCollection: 'NOT_YET_SUBMITTED', pendingCollectionName: 'Pub' })).toBe(
      'Unsubmitted draft',
    );
    expect(draftLabel({})).toBe('Draft');
    expect(draftLabel({ statusForCollection: 'APPROVED', pendingCollectionName: 'Pub' })).toBe('Draft');
  });
});

describe('publishedLabel (§4)', () => {
  it('labels pending submissions only', () => {
    expect(publishedLabel({ statusForCollection: 'PENDING', pendingCollectionName: 'Pub' })).toBe(
      'Submitted to Pub',
    );
    expect(publishedLabel({ statusForCollection: 'PENDING', viewerIsAuthor: true })).toBe('Submitted story');
    expect(publishedLabel({ statusForCollection: 'PENDING' })).toBeNull();
    expect(publishedLabel({ statusForCollection: 'APPROVED', pendingCollectionName: 'Pub' })).toBeNull();
    expect(publishedLabel({})).toBeNull();
  });

  it('postStateLabel picks draft or published label', () => {
    expect(postStateLabel({ isPublished: false })).toBe('Draft');
    expect(postStateLabel({ isPublished: true })).toBeNull();
    expect(postStateLabel({ isPublished: true, statusForCollection: 'PENDING', viewerIsAuthor: true })).toBe(
      'Submitted story',
    );
  });
});

describe('greeting (§2)', () => {
  it('before 12 morning, 12 to 16 afternoon, 17 onward evening', () => {
    expect(greetingForHour(0)).toBe('Good morning');
    expect(greetingForHour(11)).toBe('Good morning');
    expect(greetingForHour(12)).toBe('Good afternoon');
    expect(greetingForHour(16)).toBe('Good afternoon');
    expect(greetingForHour(17)).toBe('Good evening');
    expect(greetingForHour(23)).toBe('Good evening');
    expect(greetingPeriod(16)).toBe('afternoon');
  });

  it('uses the local hour of a Date', () => {
    expect(greetingAt(new Date(2024, 0, 1, 9, 30))).toBe('Good morning');
    expect(greetingAt(new Date(2024, 0, 1, 18, 0))).toBe('Good evening');
  });
});

describe('member since (§2)', () => {
  it('formats month and year in UTC', () => {
    expect(formatMonthYear(Date.UTC(2021, 2, 15))).toBe('March 2021');
    expect(formatMonthYear('2019-12-31T23:00:00Z')).toBe('December 2019');
    expect(memberSinceLabel(Date.UTC(2021, 2, 15))).toBe('Member since March 2021');
  });

  it('is null for non-members', () => {
    expect(memberSinceLabel(0)).toBeNull();
    expect(memberSinceLabel(null)).toBeNull();
    expect(isMember(0)).toBe(false);
    expect(isMember(1)).toBe(true);
  });
});

describe('unreadBadge (§2)', () => {
  it("shows '99+' above 99", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(5000)).toBe('99+');
  });
});

describe('taxBanner (§4)', () => {
  const now = Date.UTC(2024, 4, 1);
  const day = 86_400_000;

  it('not submitted, earnings-limited deadline in the future', () => {
    expect(
      taxBanner({
        taxDocumentStatus: TaxDocumentStatus.NOT_SUBMITTED,
        earningsLimitedAt: now + 10 * day,
        now,
      }),
    ).toEqual({
      message: 'Your tax forms must be approved by May 11, 2024 for us to pay you',
      isError: true,
      actions: ['submit'],
      forfeitureWarning: false,
    });
  });

  it('accepts a date formatter', () => {
    const banner = taxBanner({
      earningsLimitedAt: now + day,
      now,
      formatDate: (d) => d.toISOString().slice(0, 10),
    });
    expect(banner?.message).toBe('Your tax forms must be approved by 2024-05-02 for us to pay you');
  });

  it('not submitted, forfeit deadline in the future', () => {
    const banner = taxBanner({
      taxDocumentStatus: 0,
      earningsLimitedAt: now - day,
      earningsForfeitedAt: now + day,
      now,
    });
    expect(banner).toEqual({
      message: 'Your stories have stopped earning',
      isError: true,
      actions: ['submit', 'learnMore'],
      forfeitureWarning: true,
    });
  });

  it('not submitted, forfeit deadline passed', () => {
    const banner = taxBanner({ taxDocumentStatus: 0, earningsForfeitedAt: new Date(now - day), now });
    expect(banner?.message).toBe("You've forfeited your earnings");
    expect(banner?.isError).toBe(false);
  });

  it('not submitted, no dates', () => {
    expect(taxBanner({ taxDocumentStatus: 0, now })).toMatchObject({
      message: 'Your tax forms must be approved for us to pay you',
      isError: false,
    });
    expect(taxBanner({ now })?.message).toBe('Your tax forms must be approved for us to pay you');
  });

  it('pending, on hold, invalid, approved', () => {
    for (const status of [TaxDocumentStatus.PENDING, TaxDocumentStatus.ON_HOLD]) {
      expect(taxBanner({ taxDocumentStatus: status, now })).toMatchObject({
        message: 'Your tax forms are in. Please wait 3 to 5 business days for them to be reviewed.',
        isError: false,
      });
    }
    expect(taxBanner({ taxDocumentStatus: TaxDocumentStatus.INVALID, now })).toEqual({
      message: 'There was an issue with your tax forms.',
      isError: true,
      actions: ['resubmit'],
      forfeitureWarning: false,
    });
    expect(
      taxBanner({ taxDocumentStatus: TaxDocumentStatus.APPROVED, earningsLimitedAt: now + day, now }),
    ).toBeNull();
  });

  it('formats long dates in UTC', () => {
    expect(formatLongDate('2021-08-11T13:00:00Z')).toBe('August 11, 2021');
  });
});

describe('formatShortDate', () => {
  it('prints a story date as a short month, day and year in UTC', () => {
    expect(formatShortDate(new Date('2026-11-21T23:59:00Z'))).toBe('Nov 21, 2026');
    expect(formatShortDate(Date.UTC(2026, 0, 2))).toBe('Jan 2, 2026');
  });
});

describe('PP_ACCEPT_TERMS toast (§4)', () => {
  const writer = {
    isPartnerProgramEnrolled: true,
    hightowerTermsAcceptedAt: '2021-08-11T12:59:59Z',
    dismissableFlags: [] as string[],
  };
  it('is due for an enrolled writer who accepted before 2021-08-11 09:00 -04:00', () => {
    expect(partnerTermsToastDue(writer)).toBe(true);
  });
  it('is not due at or after the cutoff, when not enrolled, never accepted, or dismissed', () => {
    expect(partnerTermsToastDue({ ...writer, hightowerTermsAcceptedAt: '2021-08-11T13:00:00Z' })).toBe(false);
    expect(partnerTermsToastDue({ ...writer, isPartnerProgramEnrolled: false })).toBe(false);
    expect(partnerTermsToastDue({ ...writer, hightowerTermsAcceptedAt: null })).toBe(false);
    expect(partnerTermsToastDue({ ...writer, dismissableFlags: [PP_TERMS_ACKNOWLEDGEMENT_FLAG] })).toBe(
      false,
    );
  });
});

describe('TAX_STATUS toast (§4)', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const base = { isPartnerProgramEnrolled: true, routeName: 'ShowHome', now };
  it('shows the tax banner of an enrolled writer whose forms are not approved', () => {
    expect(taxStatusToast({ ...base, taxDocumentStatus: TaxDocumentStatus.PENDING })?.message).toBe(
      'Your tax forms are in. Please wait 3 to 5 business days for them to be reviewed.',
    );
  });
  it('is absent when approved, not enrolled, or on a story stats page', () => {
    expect(taxStatusToast({ ...base, taxDocumentStatus: TaxDocumentStatus.APPROVED })).toBeNull();
    expect(taxStatusToast({ ...base, isPartnerProgramEnrolled: false, taxDocumentStatus: 0 })).toBeNull();
    expect(taxStatusToast({ ...base, routeName: 'ShowStatsPost', taxDocumentStatus: 0 })).toBeNull();
  });
});
