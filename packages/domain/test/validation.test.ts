import { describe, expect, it } from 'vitest';
import { colorStringError, parseColorString } from '../src/color-string';
import { imageUrl } from '../src/images';
import {
  assertUpsellSource,
  colorStringSchema,
  digitsOnly,
  emailSchema,
  isPredefinedListId,
  isValidEmail,
  loginCodeSchema,
  looksLikeGmail,
  nameSchema,
  normalizeEmail,
  parsePredefinedListId,
  passwordSchema,
  phoneSchema,
  predefinedListId,
  recoveryCodeSchema,
  twoFactorCodeSchema,
  upsellSourceSchema,
  usernameFromEmail,
} from '../src/validation';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('email (§5)', () => {
  it('accepts valid addresses, trimmed and case-insensitive', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('Ada@Example.COM');
    expect(emailSchema.safeParse('a.b+c@sub.example.co.uk').success).toBe(true);
    expect(isValidEmail(' x@y.io ')).toBe(true);
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('rejects invalid addresses with the spec message', () => {
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada@example.c',
      'a da@x.com',
      'a@b.c0',
    ]) {
      expect(firstMessage(emailSchema.safeParse(bad))).toBe('Please enter a valid email address.');
    }
  });
});

describe('password, name, codes, phone (§5)', () => {
  it('password needs 8 characters', () => {
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(firstMessage(passwordSchema.safeParse('1234567'))).toBe(
      'Your password must be 8 characters or more.',
    );
  });

  it('name is required', () => {
    expect(nameSchema.parse(' Ada ')).toBe('Ada');
    expect(firstMessage(nameSchema.safeParse('   '))).toBe('Please enter your name');
  });

  it('login code is exactly 6 digits', () => {
    expect(loginCodeSchema.parse(' 123456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456']) {
      expect(firstMessage(loginCodeSchema.safeParse(bad))).toBe('Login code must be 6 digits.');
    }
  });

  it('two-factor code is exactly 7', () => {
    expect(twoFactorCodeSchema.safeParse('1234567').success).toBe(true);
    for (const bad of ['123456', '12345678', 'abcdefg']) {
      expect(firstMessage(twoFactorCodeSchema.safeParse(bad))).toBe(
        'Please enter a valid verification code.',
      );
    }
  });

  it('recovery code is 8 characters', () => {
    expect(recoveryCodeSchema.safeParse('ab12CD34').success).toBe(true);
    expect(recoveryCodeSchema.safeParse('ab12CD3').success).toBe(false);
    expect(recoveryCodeSchema.safeParse('ab12CD345').success).toBe(false);
  });

  it('phone is 10 digits after stripping non-digits', () => {
    expect(phoneSchema.parse('(415) 555-0123')).toBe('4155550123');
    expect(firstMessage(phoneSchema.safeParse('555-0123'))).toBe('Please enter a valid phone number.');
    expect(firstMessage(phoneSchema.safeParse('+1 415 555 0123'))).toBe('Please enter a valid phone number.');
    expect(digitsOnly('+44')).toBe('44');
  });
});

describe('usernameFromEmail (§5)', () => {
  it('splits the prefix on non-alphanumerics, drops digits, title-cases and joins', () => {
    expect(usernameFromEmail('john.smith42@example.com')).toBe('JohnSmith');
    expect(usernameFromEmail('ADA_lovelace-1815@x.io')).toBe('AdaLovelace');
    expect(usernameFromEmail('j0hn@x.io')).toBe('Jhn');
    expect(usernameFromEmail('1234@x.io')).toBe('');
  });
});

describe('looksLikeGmail (§5)', () => {
  it('is true when the domain starts with gm or goo', () => {
    expect(looksLikeGmail('ada@gmail.com')).toBe(true);
    expect(looksLikeGmail('ada@GoogleMail.com')).toBe(true);
    expect(looksLikeGmail('ada@gm')).toBe(true);
    expect(looksLikeGmail('gmail.com')).toBe(true);
    expect(looksLikeGmail('ada@yahoo.com')).toBe(false);
    expect(looksLikeGmail('gmike@yahoo.com')).toBe(false);
  });
});

describe('colour strings (§5)', () => {
  it('parses 8-digit hex with alpha first', () => {
    expect(parseColorString('#FF112233')).toEqual({ red: 0x11, green: 0x22, blue: 0x33, alpha: 1 });
    expect(parseColorString('#00abcdef').alpha).toBe(0);
  });

  it('parses rgba()', () => {
    expect(parseColorString('rgba(1, 2, 3, 0.5)')).toEqual({ red: 1, green: 2, blue: 3, alpha: 0.5 });
  });

  it('rejects malformed hex and rgba with Invalid color string', () => {
    for (const bad of [
      '#112233',
      '#FF11223',
      '#GG112233',
      'rgba(1,2,3)',
      'rgba(256,0,0,1)',
      'rgba(0,0,0,2)',
    ]) {
      expect(() => parseColorString(bad)).toThrow('Invalid color string');
      expect(colorStringError(bad)).toBe('Invalid color string');
    }
  });

  it('rejects anything else with Unrecognized or invalid color string', () => {
    for (const bad of ['red', 'rgb(1,2,3)', '']) {
      expect(colorStringError(bad)).toBe('Unrecognized or invalid color string');
    }
    expect(firstMessage(colorStringSchema.safeParse('blue'))).toBe('Unrecognized or invalid color string');
    expect(colorStringSchema.safeParse('#FF112233').success).toBe(true);
  });
});

describe('imageUrl (§5)', () => {
  it('builds /media/{id} with w, h, s, dpr', () => {
    expect(imageUrl('abc.png', { width: 100, height: 50, strategy: 'crop', pixelRatio: 2 })).toBe(
      '/media/abc.png?w=100&h=50&s=crop&dpr=2',
    );
    expect(imageUrl('abc', { width: 400 })).toBe('/media/abc?w=400');
    expect(imageUrl('abc')).toBe('/media/abc');
    expect(imageUrl('a/b c')).toBe('/media/a%2Fb%20c');
  });

  it('caps the pixel ratio at 2', () => {
    expect(imageUrl('abc', { width: 10, pixelRatio: 3 })).toBe('/media/abc?w=10&dpr=2');
    expect(imageUrl('abc', { width: 10, pixelRatio: 1.5 })).toBe('/media/abc?w=10&dpr=1.5');
  });

  it('requires a height for crop and letterbox', () => {
    expect(() => imageUrl('abc', { width: 10, strategy: 'crop' })).toThrow(/height param was expected/);
    expect(() => imageUrl('abc', { width: 10, strategy: 'letterbox' })).toThrow(/height param was expected/);
    expect(imageUrl('abc', { width: 10, strategy: 'fit' })).toBe('/media/abc?w=10&s=fit');
    expect(imageUrl('abc', { width: 10, strategy: 'resample' })).toBe('/media/abc?w=10&s=resample');
  });

  it('rejects non-positive sizes', () => {
    expect(() => imageUrl('abc', { width: 0 })).toThrow();
    expect(() => imageUrl('abc', { height: -1 })).toThrow();
  });
});

describe('predefined list ids (§3)', () => {
  it('builds and parses predefined:{userId}:{kind}', () => {
    const id = predefinedListId('u1', 'reading-list');
    expect(id).toBe('predefined:u1:reading-list');
    expect(parsePredefinedListId(id)).toEqual({ userId: 'u1', kind: 'reading-list' });
    expect(isPredefinedListId('predefined:u1:purchased')).toBe(true);
  });

  it('requires exactly 3 parts, the prefix, a user id and a known kind', () => {
    expect(parsePredefinedListId('predefined:u1')).toBeNull();
    expect(parsePredefinedListId('predefined:u1:reading-list:x')).toBeNull();
    expect(parsePredefinedListId('custom:u1:reading-list')).toBeNull();
    expect(parsePredefinedListId('predefined::reading-list')).toBeNull();
    expect(parsePredefinedListId('predefined:u1:favourites')).toBeNull();
    expect(isPredefinedListId('abc123')).toBe(false);
  });
});

describe('upsell sources (§5)', () => {
  it('accepts a standard name with a dimension', () => {
    expect(assertUpsellSource({ name: 'post_paywall', dimension: 'post_footer' })).toEqual({
      name: 'post_paywall',
      dimension: 'post_footer',
    });
    expect(upsellSourceSchema.safeParse({ name: 'nav', dimension: 'top' }).success).toBe(true);
  });

  it('throws the spec messages', () => {
    expect(() => assertUpsellSource({ name: 'Post Paywall', dimension: 'x' })).toThrow(
      'Unstandardized upsell source',
    );
    expect(() => assertUpsellSource({ name: 'post_paywall' })).toThrow(
      'Upsell source without source location.',
    );
    expect(() => assertUpsellSource({ name: 'post_paywall', dimension: ' ' })).toThrow(
      'Upsell source without source location.',
    );
    expect(firstMessage(upsellSourceSchema.safeParse({ name: 'x-y', dimension: 'a' }))).toBe(
      'Unstandardized upsell source',
    );
    expect(firstMessage(upsellSourceSchema.safeParse({ name: 'xy' }))).toBe(
      'Upsell source without source location.',
    );
  });
});
