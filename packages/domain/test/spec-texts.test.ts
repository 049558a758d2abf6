import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  MODULE_TYPE_IDS,
  TAX_NOTIFICATION_TYPES,
  TOAST_STYLES,
  TOAST_STYLES_PERSISTING_FOREVER,
} from '../src/constants';
import * as messages from '../src/messages';

// packages/domain/test/ → /work/shared/spec/SPEC.md
const specPath = fileURLToPath(new URL('../../../../shared/spec/SPEC.md', import.meta.url));
const hasSpec = existsSync(specPath);
const spec = hasSpec ? readFileSync(specPath, 'utf8') : '';

/** Texts in messages.ts that are deliberately not from the spec (each marked so in the source). */
const NOT_FROM_SPEC = new Set<string>([
  messages.PRODUCT_NAME,
  messages.errorPageTexts.notFoundCode,
  messages.errorPageTexts.notFoundTitle,
  messages.errorPageTexts.notFoundMessage,
  ...Object.values(messages.accountMenuTexts.greetings),
  ...Object.values(messages.authUiTexts).filter((text) => typeof text === 'string'),
  ...Object.values(messages.partnerToastTexts),
  ...Object.values(messages.appStoreBadgeTexts),
  ...Object.values(messages.postPromptTexts).filter((text) => typeof text === 'string'),
  ...Object.values(messages.socialMenuTexts).filter((text) => typeof text === 'string'),
  ...Object.values(messages.clapTexts).filter((text) => typeof text === 'string'),
  ...Object.values(messages.bookmarkTexts),
  ...Object.values(messages.responseTexts).filter((text) => typeof text === 'string'),
  ...Object.values(messages.inputTexts),
  ...Object.values(messages.paywallTexts).filter((text) => typeof text === 'string'),
  ...[
    messages.postResultTexts.NotFound,
    messages.postResultTexts.RemovedByUser,
    messages.postResultTexts.Blocked,
  ],
  ...[messages.postResultTexts.AccountDeleted, messages.postResultTexts.UnavailableForLegalReasons],
]);

function stringLeaves(value: unknown, path: string, out: Array<[string, string]>): void {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) stringLeaves(v, `${path}[${i}]`, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) stringLeaves(v, `${path}.${k}`, out);
  }
}

describe('messages.ts against the spec', () => {
  it('finds the spec at the expected path when it exists', () => {
    expect(specPath.endsWith('/shared/spec/SPEC.md')).toBe(true);
  });

  it.skipIf(!hasSpec)('every placeholder-free text occurs verbatim in SPEC.md', () => {
    const leaves: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(messages)) stringLeaves(value, name, leaves);
    const checked = leaves.filter(([, text]) => !text.includes('{') && !NOT_FROM_SPEC.has(text));
    expect(checked.length).toBeGreaterThan(150);
    const missing = checked.filter(([, text]) => !spec.includes(text));
    expect(missing).toEqual([]);
  });

  it.skipIf(!hasSpec)('every template with {placeholders} occurs verbatim in SPEC.md', () => {
    const leaves: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(messages)) stringLeaves(value, name, leaves);
    const templates = leaves.filter(([, text]) => text.includes('{'));
    expect(templates.length).toBeGreaterThan(15);
    expect(templates.filter(([, text]) => !spec.includes(text))).toEqual([]);
  });

  it.skipIf(!hasSpec)('placeholder functions reproduce the spec texts when given the placeholders', () => {
    const m = messages;
    const filled = [
      m.accountMenuTexts.memberSince('{month year}'),
      m.profileMenuTexts.about('{publication}'),
      m.searchTexts.searchAll('{product}'),
      m.firstUseTooltip.text('Medium'),
      m.routeErrors.routeNotFound('X'),
      m.socialErrors.cannotFollowSelf('{product}'),
      m.socialErrors.alreadyFollowing('{name}', '{product}'),
      m.generalTexts.verificationEmailSent('{email}'),
      m.toastTexts.nowFollowing('{name}'),
      m.toastTexts.unmuted('{name}'),
      m.toastTexts.unfollowed('{name}'),
      m.toastTexts.muted('{name}'),
      m.toastTexts.movedToTrash('{title}'),
      m.toastTexts.movedToTab('{title}', '{tab}'),
      m.toastTexts.responseHidden('story'),
      m.toastTexts.verificationEmailSent('{email}'),
      m.privacyBannerText('{product}'),
      m.toastTexts.privacyBanner('{product}'),
      m.draftLabelTexts.draftIn('{publication}'),
      m.draftLabelTexts.draftSubmittedTo('{publication}'),
      m.draftLabelTexts.submittedTo('{publication}'),
      m.taxBannerTexts.approvedBy('{date}'),
    ];
    expect(filled.filter((text) => !spec.includes(text))).toEqual([]);
  });

  it.skipIf(!hasSpec)('the N-templates of §8 match the spec', () => {
    const { authErrors } = messages;
    expect(authErrors.invalidPassword(1).replace('5', 'N')).toBe(authErrors.invalidPasswordTemplate);
    expect(authErrors.passwordSoftLockout(3 * 60_000, 0).replace('3', 'N')).toBe(
      authErrors.passwordSoftLockoutTemplate,
    );
    expect(authErrors.twoFactorAuthSoftLockout(3 * 60_000, 0).replace('3', 'N')).toBe(
      authErrors.twoFactorAuthSoftLockoutTemplate,
    );
    expect(authErrors.ipAuthLockout(7).replace('7', 'N')).toBe(authErrors.ipAuthLockoutTemplate);
    for (const t of [
      authErrors.invalidPasswordTemplate,
      authErrors.passwordSoftLockoutTemplate,
      authErrors.twoFactorAuthSoftLockoutTemplate,
      authErrors.ipAuthLockoutTemplate,
    ]) {
      expect(spec).toContain(t);
    }
  });
});

describe('constants.ts against the spec', () => {
  const line = (label: string) => spec.split('\n').find((l) => l.startsWith(`**${label}**`)) ?? '';

  it.skipIf(!hasSpec)('TOAST_STYLES is exactly the §9 list', () => {
    const listed = line('Toast styles')
      .replace('**Toast styles**:', '')
      .split('. Persisting forever:')[0]!
      .split(',')
      .map((s) => s.trim());
    expect([...TOAST_STYLES]).toEqual(listed);
    expect(line('Toast styles')).toContain(
      `Persisting forever: ${TOAST_STYLES_PERSISTING_FOREVER.join(' and ')}.`,
    );
  });

  it.skipIf(!hasSpec)('MODULE_TYPE_IDS match the §9 ids', () => {
    const text = line('Module-type ids');
    for (const [name, id] of Object.entries(MODULE_TYPE_IDS)) expect(text).toContain(`${name} ${id}`);
    expect(text.match(/[A-Z_]+ \d+/g)).toHaveLength(Object.keys(MODULE_TYPE_IDS).length);
  });

  it.skipIf(!hasSpec)('tax notification types are built from the §9 names and stages', () => {
    const text = line('Notification types');
    expect(text).toContain('tax_not_submitted and tax_failed_tin');
    expect(text).toContain('day_one, pre_earning_limit, post_earning_limit, final, last_day');
    expect(TAX_NOTIFICATION_TYPES).toHaveLength(10);
  });
});
