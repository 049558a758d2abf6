import { z } from 'zod';
import { countryByCode } from './countries';
import { FEDERAL_TAX_CLASSIFICATIONS, isPayoutCountry, partnerTexts } from './partner';
import { textInput } from './text-input';

/* The Partner Program forms' input, apart from partner.ts so the reader's pages load no validation library. */

const t = partnerTexts.invalid;

/** US states, DC and the territories a W-9 address may be in (USPS two-letter codes). */
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'.split(
    ' ',
  ),
);

/** EIN prefixes the IRS never assigns. */
const UNUSED_EIN_PREFIXES = new Set([
  '00',
  '07',
  '08',
  '09',
  '17',
  '18',
  '19',
  '28',
  '29',
  '49',
  '69',
  '70',
  '78',
  '79',
  '89',
  '96',
  '97',
]);

/** The nine digits of a taxpayer number typed with or without dashes and spaces; null when it is not one. */
export function tinDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** An SSN the SSA could have issued: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function isValidSsn(digits: string): boolean {
  const area = digits.slice(0, 3);
  return (
    /^\d{9}$/.test(digits) &&
    area !== '000' &&
    area !== '666' &&
    !area.startsWith('9') &&
    digits.slice(3, 5) !== '00' &&
    digits.slice(5) !== '0000'
  );
}

/** An EIN with a prefix the IRS assigns. */
export const isValidEin = (digits: string): boolean =>
  /^\d{9}$/.test(digits) && !UNUSED_EIN_PREFIXES.has(digits.slice(0, 2));

const required = (message: string, max = 200) =>
  textInput().trim().min(1, { message }).max(max, { message: t.tooLong });

const optionalText = (max = 200) =>
  textInput()
    .trim()
    .max(max, { message: t.tooLong })
    .optional()
    .transform((v) => v || null);

/** A country of the list by its ISO code, upper-cased. */
const countryCode = textInput()
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{2}$/.test(code) && !!countryByCode(code), { message: t.country });

/** A calendar date typed as YYYY-MM-DD that exists (2023-02-30 does not). */
const isoDate = textInput()
  .trim()
  .refine(
    (value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const at = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
    },
    { message: t.date },
  );

const DAY_MS = 86_400_000;
const utcDay = (value: string) => Date.parse(`${value}T00:00:00Z`);
const today = () => Math.floor(Date.now() / DAY_MS) * DAY_MS;

/** The eligibility step: the country payouts go to. */
export const partnerEligibilityInput = z.object({
  country: countryCode.refine(isPayoutCountry, { message: partnerTexts.unsupportedCountry }),
});

/** The terms step: the box must be ticked. */
export const partnerTermsInput = z.object({
  accept: z.literal(true, { error: partnerTexts.termsRequired }),
});

/** Leaving the program: the box must be ticked. */
export const partnerUnenrollInput = z.object({
  confirm: z.literal(true, { error: partnerTexts.unenrollRequired }),
});

/** A W-9 (US persons): name, classification, address, SSN or EIN checked by its ranges (tinDigits keeps its digits), and the certification. */
export const w9Input = z
  .object({
    name: required(t.nameRequired),
    businessName: optionalText(),
    taxClassification: z.enum(FEDERAL_TAX_CLASSIFICATIONS, { error: t.classification }),
    street: required(t.street),
    city: required(t.city, 100),
    state: textInput()
      .trim()
      .toUpperCase()
      .refine((s) => US_STATES.has(s), { message: t.state }),
    zip: textInput()
      .trim()
      .refine((z) => /^\d{5}(-?\d{4})?$/.test(z), { message: t.zip }),
    tinType: z.enum(['SSN', 'EIN'], { error: t.tinDigits }),
    tin: textInput().max(20, { message: t.tinDigits }),
    certify: z.literal(true, { error: t.certify }),
  })
  .superRefine((form, ctx) => {
    const digits = tinDigits(form.tin);
    if (!digits) ctx.addIssue({ code: 'custom', path: ['tin'], message: t.tinDigits });
    else if (form.tinType === 'SSN' ? !isValidSsn(digits) : !isValidEin(digits))
      ctx.addIssue({ code: 'custom', path: ['tin'], message: form.tinType === 'SSN' ? t.ssn : t.ein });
  });
export type W9Input = z.input<typeof w9Input>;

/** A W-8BEN (not a US person): citizenship, permanent address abroad, foreign TIN or why none, birth date, signature. */
export const w8benInput = z
  .object({
    name: required(t.nameRequired),
    citizenship: countryCode.refine((c) => c !== 'US', { message: t.usPerson }),
    permanentStreet: required(t.street),
    permanentCity: required(t.city, 100),
    postalCode: optionalText(20),
    permanentCountry: countryCode.refine((c) => c !== 'US', { message: t.usPerson }),
    foreignTin: optionalText(30),
    foreignTinMissingReason: optionalText(300),
    dateOfBirth: isoDate,
    treatyCountry: countryCode
      .refine((c) => c !== 'US', { message: t.country })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    signatureName: required(t.signatureName),
    signatureDate: isoDate,
  })
  .superRefine((form, ctx) => {
    if (!form.foreignTin && !form.foreignTinMissingReason)
      ctx.addIssue({ code: 'custom', path: ['foreignTin'], message: t.foreignTin });
    if (form.foreignTin && !/^[A-Za-z0-9][A-Za-z0-9 .-]{3,29}$/.test(form.foreignTin))
      ctx.addIssue({ code: 'custom', path: ['foreignTin'], message: t.foreignTinFormat });
    const born = new Date(utcDay(form.dateOfBirth));
    const adult = new Date(today());
    adult.setUTCFullYear(adult.getUTCFullYear() - 18);
    if (born.getTime() > adult.getTime() || born.getUTCFullYear() < 1900)
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: t.dateOfBirth });
    if (form.signatureName.toLowerCase() !== form.name.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['signatureName'], message: t.signatureName });
    // Today where the signer is: a day either side of today in UTC.
    if (Math.abs(utcDay(form.signatureDate) - today()) > DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['signatureDate'], message: t.signatureDate });
  });
export type W8benInput = z.input<typeof w8benInput>;
