import { Charge, Gift } from '@quire/db';
import { giftTexts } from '@quire/domain';
import { buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

describe('/redeem-gift (spec §2)', () => {
  it('answers 410 for a code that was good once (the page then says why), and 404 for an unknown one', async () => {
    const em = t.db.em();
    const buyer = await buildUser(em, { name: 'Past Giver' });
    const charge = em.create(Charge, {
      user: buyer,
      amount: 5000,
      currency: 'USD',
      status: 'SUCCEEDED',
      provider: 'STRIPE',
      description: giftTexts.chargeDescription('GIFT', 1),
    });
    const code = 'USEDGIFTCODE234567ABCDEFGH';
    em.create(Gift, {
      purchaser: buyer,
      type: 'GIFT',
      productId: 29,
      code,
      quantity: 1,
      redeemedCount: 1,
      charge,
    });
    await em.flush();

    const used = await t.app.inject({ url: `/redeem-gift?giftCode=${code}&giftType=gift` });
    expect(used.statusCode).toBe(410);

    const unknown = await t.app.inject({
      url: '/redeem-gift?giftCode=NOSUCHCODE234567ABCDEFGHIJ&giftType=gift',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
