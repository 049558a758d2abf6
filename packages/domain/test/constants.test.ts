import { describe, expect, it } from 'vitest';
import {
  AUTH_LIMITS,
  AVATAR_SIZES,
  BREAKPOINT_MIN_WIDTHS,
  BREAKPOINTS,
  GIFT_PRODUCT_IDS,
  GRAPHQL_BATCH,
  giftProductId,
  isKnownNotificationType,
  isPersistingForeverToastStyle,
  isRollupNotificationType,
  isTaxNotificationType,
  LAYOUT,
  LOG_LEVELS,
  MODULE_TYPE_IDS,
  NOTIFICATION_TYPES,
  PARTNER_TERMS_UPDATED_AT_MS,
  REPORTER_LIMITS,
  RESPONSE_NOTIFICATION_TYPES,
  TIMERS_MS,
  TOAST_STYLES,
  TOAST_STYLES_PERSISTING_FOREVER,
  TRASH_RETENTION_DAYS,
  UNREAD_BADGE_MAX,
} from '../src/constants';

describe('§9 constants', () => {
  it('layout and breakpoints', () => {
    expect(LAYOUT.topBarHeight).toBe(57);
    expect(LAYOUT.avatarMenuWidth).toBe(264);
    expect(LAYOUT.notificationsPopoverWidth).toBe(360);
    expect(LAYOUT.susiModalWidth).toBe(678);
    expect(BREAKPOINTS).toEqual(['xs', 'sm', 'md', 'lg', 'xl']);
    expect(Object.values(BREAKPOINT_MIN_WIDTHS)).toEqual([0, 552, 728, 904, 1080]);
    expect(AVATAR_SIZES).toEqual({ XXXS: 20, XXS: 28, XS: 32, S: 40, M: 48, L: 64, XL: 80, XXL: 128 });
  });

  it('counts, timers and auth limits', () => {
    expect(UNREAD_BADGE_MAX).toBe(99);
    expect(TIMERS_MS.defaultToast).toBe(5000);
    expect(TIMERS_MS.errorShake).toBe(400);
    expect(AUTH_LIMITS).toEqual({
      passwordMinLength: 8,
      loginCodeLength: 6,
      twoFactorCodeLength: 7,
      recoveryCodeLength: 8,
      phoneDigits: 10,
      maxAttempts: 6,
      softLockMinutes: 1,
      backupCodeColumns: 2,
    });
    expect(TRASH_RETENTION_DAYS).toBe(14);
  });

  it('gift product ids, default gift', () => {
    expect(GIFT_PRODUCT_IDS).toEqual({ gift: 29, 'group-gift': 31 });
    expect(giftProductId('group-gift')).toBe(31);
    expect(giftProductId('gift')).toBe(29);
    expect(giftProductId('anything')).toBe(29);
  });

  it('reporters and log levels', () => {
    expect(GRAPHQL_BATCH).toEqual({ maxOperations: 20, intervalMs: 20 });
    expect(REPORTER_LIMITS.errorQueueMax).toBe(10);
    expect(REPORTER_LIMITS.eventQueueMax).toBe(1000);
    expect(LOG_LEVELS).toEqual({ silent: 100, error: 50, warn: 40, info: 30, debug: 20, trace: 10 });
    expect(MODULE_TYPE_IDS.HOMEPAGE_FILTERED_TAG).toBe(31);
  });

  it('toast styles', () => {
    expect(TOAST_STYLES).toHaveLength(31);
    expect(new Set(TOAST_STYLES).size).toBe(TOAST_STYLES.length);
    expect(TOAST_STYLES_PERSISTING_FOREVER).toEqual(['EU_PRIVACY_BANNER', 'SENT_VERIFICATION_EMAIL']);
    expect(isPersistingForeverToastStyle('EU_PRIVACY_BANNER')).toBe(true);
    expect(isPersistingForeverToastStyle('MESSAGE')).toBe(false);
  });

  it('notification types', () => {
    expect(NOTIFICATION_TYPES.length).toBeGreaterThanOrEqual(38);
    expect(NOTIFICATION_TYPES.length).toBeLessThanOrEqual(45);
    expect(new Set(NOTIFICATION_TYPES).size).toBe(NOTIFICATION_TYPES.length);
    for (const t of RESPONSE_NOTIFICATION_TYPES) expect(isKnownNotificationType(t)).toBe(true);
    expect(isKnownNotificationType('nope')).toBe(false);
    expect(isRollupNotificationType('quote_rollup')).toBe(true);
    expect(isRollupNotificationType('quote')).toBe(false);
    expect(isTaxNotificationType('tax_failed_tin_last_day')).toBe(true);
    expect(isTaxNotificationType('quote')).toBe(false);
  });

  it('partner terms cutoff is 2021-08-11 13:00 UTC', () => {
    expect(new Date(PARTNER_TERMS_UPDATED_AT_MS).toISOString()).toBe('2021-08-11T13:00:00.000Z');
  });
});
