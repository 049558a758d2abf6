/** The one string check every input schema goes through: text that PostgreSQL can store. */

import { z } from 'zod';
import { inputTexts } from './messages';

/**
 * Not from the spec: the longest value accepted for fields the spec gives no limit, so a megabyte of text is a
 * clear 400 rather than a slow insert or a slow password hash.
 */
export const INPUT_LIMITS = {
  /** RFC 5321: an address path holds at most 254 characters. */
  email: 254,
  password: 200,
  name: 100,
  /** A phone number as typed, with spaces, dashes and brackets, before the digits are kept. */
  phone: 32,
  colorString: 64,
  upsellSourceName: 100,
  upsellSourceDimension: 200,
} as const;

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when the text holds no NUL character and no lone UTF-16 surrogate: PostgreSQL stores neither (its text
 * and jsonb types refuse NUL, and a lone surrogate has no UTF-8 form).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** The text with NUL characters and lone surrogates removed: imported files are cleaned, typed input refused. */
export function toStorableText(value: string): string {
  return value.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '');
}

/** The refinement itself, for string schemas that are not plain strings (z.url(), z.iso.datetime()). */
export const storableText = z.refine<string>(isStorableText, { message: inputTexts.invalidCharacters });

/** A string input: `z.string()` that refuses NUL and lone surrogates with a clear message. */
export function textInput(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(storableText);
}
