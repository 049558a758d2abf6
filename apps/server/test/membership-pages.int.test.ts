import { applyPaymentEvent, defaultPlanSettings, syncPlans } from '@quire/api';
import { Charge, type User } from '@quire/db';
import { formatLongDate, membershipPageTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();
const DAY = 86_400_000;

beforeAll(async () => {
  await syncPlans(t.db.em(), defaultPlanSettings());
});

let sequence = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A reader who subscribed to the monthly plan and paid its first month with a Visa ending in 4242. */
async function member(): Promise<{ user: User; periodEnd: Date }> {
  const user = await buildUser(t.db.em(), { name: 'Paying Reader' });
  const subscriptionId = unique('sub');
  const now = new Date();
  const periodEnd = new Date(now.getTime() + 30 * DAY);
  const base = () => ({ id: unique('evt'), createdAt: now, provider: 'STRIPE' as const });
  await applyPaymentEvent(t.db.em(), {
    ...base(),
    type: 'checkout.completed',
    mode: 'subscription',
    sessionId: unique('cs'),
    customerId: `cus_${user.id}`,
    subscriptionId,
    chargeId: null,
    amount: 500,
    currency: 'usd',
    metadata: { userId: user.id, planCode: 'monthly-usd' },
  });
  await applyPaymentEvent(t.db.em(), {
    ...base(),
    type: 'invoice.paid',
    subscriptionId,
    customerId: null,
    invoiceId: unique('in'),
    chargeId: unique('ch'),
    amount: 500,
    currency: 'usd',
    card: { brand: 'VISA', last4: '4242' },
    periodEnd,
  });
  return { user, periodEnd };
}

const { page } = t;

describe('the membership offer (spec §2 /plans, /upgrade, /payment, Static /membership)', () => {
  it('renders the plans in dollars with a button per plan on each path', async () => {
    for (const url of ['/plans', '/upgrade', '/payment', '/membership']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Become a member | Quire</title>');
      expect(res.body, url).toContain('Read every members-only story');
      expect(res.body, url).toContain('$5.00');
      expect(res.body, url).toContain('$25.00 for your first year, then $50.00 a year');
      expect(res.body, url).toContain('Choose monthly');
      expect(res.body, url).toContain('Choose yearly');
      expect(res.body, url).not.toContain('Coming soon');
    }
  });

  it("names the writer on a writer's membership page, and answers 404 for an unknown one", async () => {
    const writer = await buildUser(t.db.em(), { name: 'Grace Hopper' });
    const res = await page(`/membership/@${writer.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Support Grace Hopper and other writers');
    expect(res.body).toContain('Choose monthly');
    expect((await page('/membership/@nobody-here-at-all')).statusCode).toBe(404);
  });

  it('tells a member they are one, with a link to their settings', async () => {
    const { user } = await member();
    const res = await page('/plans', await buildSession(t.db.em(), user));
    expect(res.body).toContain(membershipPageTexts.alreadyMember);
    expect(res.body).toContain('href="/me/settings#membership"');
    expect(res.body).not.toContain('Choose monthly');
  });

  it('welcomes a new member', async () => {
    const res = await page('/welcome-member');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<h1>${membershipPageTexts.welcomeTitle}</h1>`);
    expect(res.body).toContain(membershipPageTexts.startReading);
  });
});

describe("a member's own pages (spec §2 /me/settings#membership, billing history, receipts, cancel)", () => {
  const SIGNED_IN_PATHS = [
    '/me/settings',
    '/me/membership/cancel',
    '/me/settings/payment/update',
    '/me/billing-history',
    '/me/billing-history/receipt/0123456789abcdef',
  ];

  it('ask a visitor to sign in and come back', async () => {
    for (const url of SIGNED_IN_PATHS) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`href="/m/signin?redirect=${encodeURIComponent(url)}"`);
    }
    const checkout = await page('/payment/test-checkout?session=dev_cs_x');
    expect(checkout.body).toContain(
      'href="/m/signin?redirect=%2Fpayment%2Ftest-checkout%3Fsession%3Ddev_cs_x"',
    );
  });

  it('show a member their plan, status, next charge date and card', async () => {
    const { user, periodEnd } = await member();
    const token = await buildSession(t.db.em(), user);
    const res = await page('/me/settings', token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Settings | Quire</title>');
    expect(res.body).toContain('id="membership"');
    expect(res.body).toContain('Monthly membership · $5.00/month');
    expect(res.body).toContain('Active');
    expect(res.body).toContain(formatLongDate(periodEnd));
    expect(res.body).toContain('Visa ending in 4242');
    expect(res.body).toContain('href="/me/membership/cancel"');
    const cancel = await page('/me/membership/cancel', token);
    expect(cancel.body).toContain(`You keep your membership until ${formatLongDate(periodEnd)}.`);
    // /me/settings/{setting} opens the page at a section, and a section that does not exist is a 404.
    const section = await page('/me/settings/membership', token);
    expect(section.statusCode).toBe(200);
    expect(section.body).toContain('data-section="membership"');
    expect(section.body).toContain('Visa ending in 4242');
    expect((await page('/me/settings/nonsense', token)).statusCode).toBe(404);
  });

  it('list the charges with their receipts, and refuse another reader’s receipt', async () => {
    const { user } = await member();
    const token = await buildSession(t.db.em(), user);
    const history = await page('/me/billing-history', token);
    expect(history.statusCode).toBe(200);
    const charge = await t.db.em().findOneOrFail(Charge, { user: user.id });
    expect(history.body).toContain(`href="/me/billing-history/receipt/${charge.id}"`);
    expect(history.body).toContain('$5.00');
    expect(history.body).toContain('Paid');
    const receipt = await page(`/me/billing-history/receipt/${charge.id}`, token);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Paying Reader');
    expect(receipt.body).toContain('Visa ending in 4242');
    expect(receipt.body).toContain(membershipPageTexts.print);
    const stranger = await buildSession(t.db.em(), await buildUser(t.db.em()));
    expect((await page(`/me/billing-history/receipt/${charge.id}`, stranger)).statusCode).toBe(404);
    const empty = await page('/me/billing-history', stranger);
    expect(empty.body).toContain(membershipPageTexts.billingEmpty);
  });

  it('ask a reader who is not a member to become one', async () => {
    const token = await buildSession(t.db.em(), await buildUser(t.db.em()));
    const res = await page('/me/settings', token);
    expect(res.body).toContain(membershipPageTexts.notMember);
    expect(res.body).toContain('href="/plans"');
  });
});
