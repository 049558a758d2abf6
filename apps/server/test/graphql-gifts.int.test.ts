import { defaultPlanSettings, defaultServiceEnvironment, syncPlans } from '@quire/api';
import { Gift } from '@quire/db';
import { DevProvider } from '@quire/payments';
import { buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const payments = new DevProvider({ webhookSecret: 'graphql-gift-secret' });
const t = useTestApp(undefined, undefined, () => defaultServiceEnvironment({ payments }));

beforeAll(async () => {
  await syncPlans(t.db.em(), defaultPlanSettings());
});

async function signedIn() {
  const user = await buildUser(t.db.em());
  return { user, headers: authHeaders(await buildSession(t.db.em(), user)) };
}

const purchase = (variables: Record<string, unknown>, headers: Record<string, string>) =>
  t.gql('UserPurchaseGiftMembership', { requestId: `graphql-gift-${Math.random()}`, ...variables }, headers);

describe('GraphQL UserPurchaseGiftMembershipResult (spec §3)', () => {
  it('answers the checkout URL of a gift bought at the server price', async () => {
    const { user, headers } = await signedIn();
    const res = await purchase({ giftType: 'gift', recipientName: 'Ada' }, headers);
    const result = res.json().data.userPurchaseGiftMembership;
    expect(result.__typename).toBe('GiftMembershipCheckout');
    expect(result.url).toContain('/payment/test-checkout?session=');
    const gift = await t.db.em().findOneOrFail(Gift, result.giftId);
    expect([gift.purchaser?.id, gift.productId, gift.recipientName]).toEqual([user.id, 29, 'Ada']);
  });

  it('answers refusals as the union members: Forbidden, BadRequest', async () => {
    const { headers } = await signedIn();
    const group = (await purchase({ giftType: 'group-gift', quantity: 3 }, headers)).json().data;
    expect(group.userPurchaseGiftMembership).toEqual({
      __typename: 'Forbidden',
      message: 'Group gifts are not available for your account.',
    });
    const bad = (await purchase({ giftType: 'gift', recipientEmail: 'nope' }, headers)).json().data;
    expect(bad.userPurchaseGiftMembership.__typename).toBe('BadRequest');
  });

  it('asks a signed-out caller to sign in, and creates no gift', async () => {
    const before = await t.db.em().count(Gift, {});
    const res = await purchase({ giftType: 'gift' }, authHeaders(null));
    expect(res.json().errors[0].message).toBe('You need to sign in first.');
    expect(await t.db.em().count(Gift, {})).toBe(before);
  });
});
