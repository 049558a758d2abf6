import { describe, expect, it } from 'vitest';
import { COUNTRY_DROPDOWN_APPROX_ENTRIES } from '../src/constants';
import { COUNTRIES, countryByCode, DEFAULT_COUNTRY_CODE } from '../src/countries';

describe('§2 two-factor country dropdown', () => {
  it('has about 230 entries', () => {
    expect(Math.abs(COUNTRIES.length - COUNTRY_DROPDOWN_APPROX_ENTRIES)).toBeLessThanOrEqual(15);
  });

  it('gives every country a unique two-letter code, a name and a digits-only dial code', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name.trim()).not.toBe('');
      expect(country.dialCode).toMatch(/^[1-9]\d{0,3}$/);
    }
  });

  it('knows the common dial codes', () => {
    expect(countryByCode('us')?.dialCode).toBe('1');
    expect(countryByCode('GB')?.dialCode).toBe('44');
    expect(countryByCode('DE')?.dialCode).toBe('49');
    expect(countryByCode('IN')?.dialCode).toBe('91');
    expect(countryByCode('JP')?.dialCode).toBe('81');
    expect(countryByCode('ZZ')).toBeUndefined();
    expect(countryByCode(DEFAULT_COUNTRY_CODE)?.name).toBe('United States');
  });
});
