import { validationMessages } from './messages';

// Colour strings without zod, so a page that only shows colours does not load the validation library.

/** A parsed colour: channels 0–255, alpha 0–1. */
export interface Rgba {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

const HEX_ARGB = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
const RGBA = /^rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d*\.?\d+)\s*\)$/i;

/**
 * Spec §5 colour strings: 8-digit hex with alpha first ('#AARRGGBB', e.g. '#FF112233') or 'rgba(r, g, b, a)'.
 * Throws 'Invalid color string' for a malformed '#…' or 'rgba(…' string, and
 * 'Unrecognized or invalid color string' for anything else.
 */
export function parseColorString(input: string): Rgba {
  const s = input.trim();
  if (s.startsWith('#')) {
    const m = HEX_ARGB.exec(s);
    if (!m) throw new Error(validationMessages.invalidColor);
    const [a, r, g, b] = [m[1], m[2], m[3], m[4]].map((h) => Number.parseInt(h ?? '', 16)) as [
      number,
      number,
      number,
      number,
    ];
    return { red: r, green: g, blue: b, alpha: a / 255 };
  }
  if (/^rgba\(/i.test(s)) {
    const m = RGBA.exec(s);
    if (!m) throw new Error(validationMessages.invalidColor);
    const [r, g, b, a] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    if (r > 255 || g > 255 || b > 255 || a > 1) throw new Error(validationMessages.invalidColor);
    return { red: r, green: g, blue: b, alpha: a };
  }
  throw new Error(validationMessages.unrecognizedColor);
}

/** Spec §5: the colour validation error message for a string, or null when it is valid. */
export function colorStringError(input: string): string | null {
  try {
    parseColorString(input);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : validationMessages.unrecognizedColor;
  }
}
