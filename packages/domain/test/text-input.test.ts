import { describe, expect, it } from 'vitest';
import { inputTexts } from '../src/messages';
import { INPUT_LIMITS, isStorableText, textInput } from '../src/text-input';
import { emailSchema, nameSchema, passwordSchema, phoneSchema } from '../src/validation';

describe('isStorableText', () => {
  it('accepts ordinary text, emoji (a surrogate pair) and an empty string', () => {
    for (const text of ['', 'Hello', 'café', '日本語', '🙂 ok', 'tab\tand\nnewline']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL and lone surrogates anywhere', () => {
    for (const text of [
      '\u0000',
      'a\u0000',
      '\ud800',
      'a\ud800b',
      '\udc00',
      'x\udfff',
      '🙂'.slice(0, 1),
      '\ud83d\ud83d\ude42',
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('textInput', () => {
  it('answers a refused string with the clear message and keeps the other checks', () => {
    const schema = textInput().trim().min(1).max(5);
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toBe(inputTexts.invalidCharacters);
    expect(schema.safeParse('\ud800').error?.issues[0]?.message).toBe(inputTexts.invalidCharacters);
    expect(schema.parse('  ok  ')).toBe('ok');
    expect(schema.safeParse('toolong').success).toBe(false);
    expect(schema.safeParse(7).success).toBe(false);
  });

  it('bounds the sign-in fields the spec gives no length, so a megabyte is refused at once', () => {
    const huge = 'a'.repeat(1 << 20);
    expect(emailSchema.safeParse(`${huge}@example.com`).success).toBe(false);
    expect(passwordSchema.safeParse(huge).success).toBe(false);
    expect(passwordSchema.safeParse('p'.repeat(INPUT_LIMITS.password)).success).toBe(true);
    expect(nameSchema.safeParse(huge).success).toBe(false);
    expect(phoneSchema.safeParse(huge).success).toBe(false);
    expect(phoneSchema.parse('(555) 123-4567')).toBe('5551234567');
  });
});
