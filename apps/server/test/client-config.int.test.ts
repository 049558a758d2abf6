import { DEFAULT_PLAN_PRICES, MEMBERSHIP_GRACE_PERIOD_DAYS, PRODUCT_NAME } from '@quire/domain';
import { PRELOADED_STATE_ID } from '@quire/reader/server';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

/** The state a page hands the browser (spec §3 client config among it). */
function stateOf(html: string) {
  const found = new RegExp(
    `<script type="application/json" id="${PRELOADED_STATE_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!found) throw new Error('the page carries no state');
  return JSON.parse(found[1]!) as { config: Record<string, unknown> };
}

describe('the client config on every page (spec §3)', () => {
  it('names the product, the payment plans with their prices, and the grace period', async () => {
    const home = stateOf((await t.page('/')).body).config;
    expect(home.productName).toBe(PRODUCT_NAME);
    expect(home.membership).toEqual({
      paymentPlans: [
        { id: 'monthly-usd', period: 'MONTHLY', currency: 'USD', amount: DEFAULT_PLAN_PRICES.USD.MONTHLY },
        { id: 'yearly-usd', period: 'YEARLY', currency: 'USD', amount: DEFAULT_PLAN_PRICES.USD.YEARLY },
        { id: 'monthly-cad', period: 'MONTHLY', currency: 'CAD', amount: DEFAULT_PLAN_PRICES.CAD.MONTHLY },
        { id: 'yearly-cad', period: 'YEARLY', currency: 'CAD', amount: DEFAULT_PLAN_PRICES.CAD.YEARLY },
      ],
      gracePeriodDays: MEMBERSHIP_GRACE_PERIOD_DAYS,
    });
    // The same on every page the process renders.
    expect(stateOf((await t.page('/about')).body).config).toEqual(home);
  });
});
