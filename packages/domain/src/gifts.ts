import type { GiftType } from './enums';

/*
 * Gift memberships (spec §1 types gift and group-gift, product ids 29 and 31; §2 /gift, /gift-plans,
 * /gift-checkout, /group-gift, /redeem, /redeem-gift). The spec shows no gift wording, sizes or lifetimes:
 * the values and texts here are ours.
 */

/** The gift types as URLs and the GraphQL shim name them (spec §2 giftType). */
export const GIFT_URL_TYPES = ['gift', 'group-gift'] as const;
export type GiftUrlType = (typeof GIFT_URL_TYPES)[number];

/** Spec §1: 'group-gift' is a group gift; any other type defaults to gift. */
export function giftTypeOf(type: string | null | undefined): GiftType {
  return type === 'group-gift' ? 'GROUP_GIFT' : 'GIFT';
}

/** A stored gift type as URLs name it. */
export function giftUrlType(type: GiftType): GiftUrlType {
  return type === 'GROUP_GIFT' ? 'group-gift' : 'gift';
}

/** Ours: a gift is a year of membership. */
export const GIFT_MONTHS = 12;

/** Ours: a group gift holds 2 to 50 memberships. */
export const GROUP_GIFT_MIN_QUANTITY = 2;
export const GROUP_GIFT_MAX_QUANTITY = 50;

/** Ours: a gift code may be redeemed within this many days of its purchase. */
export const GIFT_REDEEM_WITHIN_DAYS = 365;

/** Ours: limits of what the buyer writes on a gift (the gifts table's column lengths). */
export const GIFT_RECIPIENT_NAME_MAX = 100;
export const GIFT_MESSAGE_MAX = 1000;

/** The reader's path that redeems a code (spec §2 /redeem-gift with giftCode and giftType). */
export function redeemGiftPath(code: string, type: GiftType): string {
  return `/redeem-gift?giftCode=${encodeURIComponent(code)}&giftType=${giftUrlType(type)}`;
}

/** The texts of buying, receiving and redeeming gifts. */
export const giftTexts = {
  landingTitle: 'Give the gift of reading',
  landingLead:
    'A Quire membership gives someone a year of unlimited reading: every members-only story, from every writer, with no limit each month.',
  landingPoints: [
    'Read every members-only story, with no monthly limit.',
    'Support the writers they read: part of each membership goes to them.',
    'Wear the member star on their profile.',
  ],
  landingAction: 'Choose a gift',
  redeemInstead: 'Got a gift code? Redeem it',
  plansTitle: 'Choose a gift',
  giftName: 'A year of membership',
  groupGiftName: (quantity: number) =>
    `${quantity} memberships for a year (${quantity === 1 ? 'one person' : `${quantity} people`})`,
  groupGiftTitle: 'Gift memberships to a group',
  groupGiftLead: 'One code that as many people as you choose can redeem, each for a year of membership.',
  quantityLabel: 'How many memberships',
  perMembership: (price: string) => `${price} per membership`,
  quantityRange: `Choose from ${GROUP_GIFT_MIN_QUANTITY} to ${GROUP_GIFT_MAX_QUANTITY} memberships.`,
  choose: 'Continue',
  checkoutTitle: 'Who is it for?',
  recipientName: 'Their name (optional)',
  recipientEmail: 'Their email (optional: we send them the code)',
  message: 'A message (optional)',
  pay: (price: string) => `Pay ${price}`,
  recipientEmailInvalid: 'Enter a valid email address for the recipient, or leave it empty.',
  groupGiftUnavailable: 'Group gifts are not available for your account.',
  quantityInvalid: `A group gift holds from ${GROUP_GIFT_MIN_QUANTITY} to ${GROUP_GIFT_MAX_QUANTITY} memberships.`,
  giftsUnavailable: 'Gift memberships are not available right now.',
  noPlan: 'There is no yearly plan to give in your currency.',
  redeemTitle: 'Redeem a gift',
  redeemLead: 'Enter the code from your gift email.',
  codeLabel: 'Gift code',
  codeRequired: 'Enter a gift code.',
  redeemAction: 'Redeem',
  giftFrom: (name: string) => `A gift from ${name}`,
  giftFromSomeone: 'A gift for you',
  giftGives: (months: number) => `${months === 12 ? 'A year' : `${months} months`} of Quire membership`,
  remaining: (count: number, quantity: number) => `${count} of ${quantity} memberships left to redeem`,
  codeNotFound: 'This gift code is not valid. Check the code in your gift email.',
  codeUsed: 'This gift has already been redeemed.',
  codeExpired: 'This gift code has expired.',
  alreadyRedeemed: 'You have already redeemed this gift.',
  redeemSignIn: 'Sign in or create an account to redeem your gift.',
  checkoutSignIn: 'Sign in to give a membership.',
  chargeDescription: (type: GiftType, quantity: number) =>
    type === 'GROUP_GIFT' ? `Group gift, ${quantity} memberships for one year` : 'Gift membership, one year',
  buyerEmailSubject: 'Your Quire gift is ready',
  buyerEmailText: (link: string, recipient: string | null, quantity: number) =>
    `Thank you for your gift${recipient ? ` to ${recipient}` : ''}. ${
      quantity > 1 ? `Up to ${quantity} people can redeem it` : 'It can be redeemed'
    } at ${link}${recipient ? '' : ' — share the link with whoever it is for'}.`,
  recipientEmailSubject: (from: string) => `${from} sent you a Quire membership`,
  recipientEmailText: (from: string, link: string, message: string | null) =>
    `${from} gave you a year of Quire membership.${message ? `\n\n"${message}"\n` : ''}\n\nRedeem it at ${link}`,
  someone: 'Someone',
  paidTitle: 'Thank you for your gift',
  paidText:
    'Your payment went through. We emailed you the redeem link (and the recipient too, if you gave their email).',
  giveAnother: 'Give another gift',
  signInToGive: 'Sign in to give',
  signInToRedeem: 'Sign in to redeem',
  redirecting: 'Taking you to the payment page…',
  redeeming: 'Redeeming…',
  redeemed: 'Welcome! Your membership has started.',
  signInWhat: { checkout: 'your gift', redeem: 'your gift code' },
} as const;
