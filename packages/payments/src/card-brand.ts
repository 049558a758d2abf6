import type { CardBrand } from '@quire/domain';

const brands: Record<string, CardBrand> = {
  amex: 'AMEX',
  american_express: 'AMEX',
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  discover: 'DISCOVER',
  diners: 'DINERS',
  diners_club: 'DINERS',
  jcb: 'JCB',
  unionpay: 'UNIONPAY',
};

/** Maps a provider's card brand (Stripe's `visa`, `amex`, …) onto spec §3 card brands; anything else is UNKNOWN. */
export function cardBrandOf(brand: string | null | undefined): CardBrand {
  return (brand && brands[brand.toLowerCase().replace(/[\s-]/g, '_')]) || 'UNKNOWN';
}
