// `pnpm bench:webhooks [--members N] [--connections C] [--replay-percent P] [--max-seconds S] [--seed X]`:
// Stripe webhook throughput over loopback against a production server on its own seeded data, pointed at the
// local fake Stripe: every member's signed event history delivered once, one delivery in five a replay, half
// of the members' histories shuffled; then each membership in PostgreSQL is compared with the fake's
// subscription (bench/results/webhooks.{json,md}).
import path from 'node:path';
import { createSession, defaultPlanSettings, syncPlans } from '@quire/api';
import { Charge, connectDatabase, Membership, PaymentCustomer, PaymentEventRecord, User } from '@quire/db';
import { MEMBERSHIP_GRACE_PERIOD_DAYS } from '@quire/domain';
// biome-ignore lint/plugin: a bench, never production code, drives the fake Stripe as the webhook tests do.
import { type SignedEvent, startFakeStripe } from '@quire/payments/testing';
import autocannon from 'autocannon';
import { type BenchRow, benchRow, numberOption, repoRoot, startSeededServer, writeResults } from './setup';

const members = numberOption('members', 500);
const connections = numberOption('connections', 20);
const replayPercent = numberOption('replay-percent', 20);
// Stripe signatures are valid for five minutes from signing: the load must end well before.
const maxSeconds = numberOption('max-seconds', 180);
const seed = numberOption('seed', 1);
if (replayPercent >= 100 || connections < 1 || members < 1) {
  console.error('--replay-percent must be below 100; --connections and --members at least 1');
  process.exit(2);
}
const port = numberOption('port', 3906);
const pgPort = numberOption('pg-port', 54341);

const label = 'bench:webhooks';
const log = (m: string) => console.error(`${label}: ${m}`);
const DAY_S = 86_400;

/** A small seeded generator (mulberry32), so a run's order and replays can be repeated. */
function random(seedValue: number) {
  let a = seedValue >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rand = random(seed);
const pick = (n: number) => Math.floor(rand() * n);
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** What happens to a member's subscription after checkout, one of each 20 members in these proportions. */
type Story = 'renewed' | 'recovered' | 'past-due' | 'canceling' | 'resumed' | 'ended';
const STORIES: Story[] = [
  ...Array<Story>(8).fill('renewed'),
  ...Array<Story>(4).fill('recovered'),
  ...Array<Story>(2).fill('past-due'),
  ...Array<Story>(3).fill('canceling'),
  ...Array<Story>(1).fill('resumed'),
  ...Array<Story>(2).fill('ended'),
];

// The histories happen in the past: checkout two months and three days ago, so the second renewal is 3 days ago.
let clock = new Date();
const checkoutAt = new Date();
checkoutAt.setUTCMonth(checkoutAt.getUTCMonth() - 2);
checkoutAt.setUTCDate(checkoutAt.getUTCDate() - 3);
const fake = await startFakeStripe({ now: () => clock });
const setClock = (seconds: number) => {
  clock = new Date(seconds * 1000);
};

const XSRF = 'bench-webhooks';
const dataName = 'bench-webhooks';
const { server, prepared } = await startSeededServer({
  dataName,
  label,
  port,
  pgPort,
  env: {
    RUN_JOBS: 'false',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
  },
  prepare: async (orm) => {
    const em = orm.em.fork();
    // The jobs that write the plans do not run here.
    await syncPlans(em, defaultPlanSettings());
    const users: { id: string; cookie: string }[] = [];
    for (let i = 0; i < members; i++) {
      const username = `benchmember${i}`;
      const user =
        (await em.findOne(User, { username })) ??
        em.create(User, { name: `Bench Member ${i}`, username, email: `${username}@example.com` });
      user.mediumMemberAt = 0;
      user.hasPastMemberships = false;
      const { token } = await createSession(em, user, { ip: '127.0.0.1', now: new Date() });
      users.push({ id: user.id, cookie: `sid=${token}; xsrf=${XSRF}` });
    }
    await em.flush();
    // Each run has a new fake Stripe whose ids start again: the previous run's payment rows go.
    const ids = users.map((u) => u.id);
    await em.nativeDelete(PaymentEventRecord, { provider: 'STRIPE' });
    await em.nativeDelete(Charge, { user: { $in: ids } });
    await em.nativeDelete(Membership, { user: { $in: ids } });
    await em.nativeDelete(PaymentCustomer, { user: { $in: ids } });
    return { users };
  },
}).catch(async (error: unknown) => {
  await fake.stop();
  throw error;
});

interface Member {
  userId: string;
  story: Story;
  shuffled: boolean;
  subscriptionId: string;
  events: SignedEvent[];
  /** When the payment failed, for the grace period of a member still past due. */
  failedAt: number | null;
}

/** The reader checks out the monthly plan through the server, as the plans page does. */
async function checkout(cookie: string, i: number): Promise<string> {
  const res = await fetch(`${server.origin}/trpc/membership.checkout`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
    body: JSON.stringify({ planCode: 'monthly-usd', requestId: `bench-webhooks-${i}` }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`membership.checkout answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { result: { data: { url: string } } }).result.data.url.split('/').pop()!;
}

/** Stripe's notice of cancel (or resume) at period end, as the fake sends it for an update. */
function setCancel(subscriptionId: string, cancel: boolean): SignedEvent {
  const subscription = fake.state.subscriptions.get(subscriptionId)!;
  subscription.cancel_at_period_end = cancel;
  return fake.signedEvent('customer.subscription.updated', subscription);
}

const periodEnd = (subscriptionId: string) =>
  fake.state.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end;

/** Plays one member's story at the fake, on its clock; the webhooks Stripe would send, in order. */
function history(sessionId: string, userId: string, i: number): Member {
  const story = STORIES[i % STORIES.length]!;
  const t0 = Math.floor(checkoutAt.getTime() / 1000) - i * 60;
  setClock(t0);
  const events = fake.complete(sessionId);
  const subscriptionId = fake.state.sessions.get(sessionId)!.subscription!;
  const renewAt = () => {
    setClock(periodEnd(subscriptionId));
    events.push(...fake.renew(subscriptionId));
  };
  let failedAt: number | null = null;
  renewAt();
  const p1 = t0 + 31 * DAY_S;
  switch (story) {
    case 'renewed':
      renewAt();
      break;
    case 'recovered':
    case 'past-due': {
      failedAt = periodEnd(subscriptionId);
      setClock(failedAt);
      const failed = fake.failPayment(subscriptionId);
      events.push(...failed);
      if (story === 'past-due') break;
      // The reader updates their card a day later; Stripe's retry pays the invoice.
      setClock(failedAt + DAY_S);
      const invoiceId = (failed[0]!.event.data.object as { id: string }).id;
      const invoice = fake.state.invoices.get(invoiceId)!;
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
      const subscription = fake.state.subscriptions.get(subscriptionId)!;
      subscription.status = 'active';
      events.push(
        fake.signedEvent('invoice.paid', invoice),
        fake.signedEvent('customer.subscription.updated', subscription),
      );
      failedAt = null;
      break;
    }
    case 'canceling':
      renewAt();
      setClock(periodEnd(subscriptionId) - 29 * DAY_S);
      events.push(setCancel(subscriptionId, true));
      break;
    case 'resumed':
      setClock(p1 + 3 * DAY_S);
      events.push(setCancel(subscriptionId, true));
      setClock(p1 + 10 * DAY_S);
      events.push(setCancel(subscriptionId, false));
      renewAt();
      break;
    case 'ended':
      setClock(p1 + 5 * DAY_S);
      events.push(setCancel(subscriptionId, true));
      // The period ends while set to cancel: customer.subscription.deleted.
      renewAt();
      break;
  }
  return { userId, story, shuffled: false, subscriptionId, events, failedAt };
}

/** Delivery order: members interleaved at random, each member's events in order or (half) shuffled. */
function deliveries(list: Member[]) {
  const queues = list.map((m, i) => {
    m.shuffled = i % 2 === 1;
    return m.shuffled ? shuffle([...m.events]) : [...m.events];
  });
  const originals: SignedEvent[] = [];
  const live = queues.map((_, i) => i);
  while (live.length) {
    const k = pick(live.length);
    const queue = queues[live[k]!]!;
    originals.push(queue.shift()!);
    if (!queue.length) live.splice(k, 1);
  }
  // A replay is a byte-identical copy of an earlier delivery, sent at a random later point.
  const replays = Math.round((originals.length * replayPercent) / (100 - replayPercent));
  const keyed = originals.map((event, index) => ({ event, index, replay: false, key: index }));
  for (let r = 0; r < replays; r++) {
    const index = pick(originals.length);
    const key = index + 1 + rand() * (originals.length - index);
    keyed.push({ event: originals[index]!, index, replay: true, key });
  }
  keyed.sort((a, b) => a.key - b.key);
  return { originals, replays, sequence: keyed };
}

const membersList: Member[] = [];
let row: BenchRow | null = null;
let result: autocannon.Result | null = null;
let stoppedAtLimit = false;
let retried = 0;
const statuses = new Map<number, number>();
const outcomes = new Map<string, number>();
// What the server asked the fake Stripe while the load ran (subscriptions re-read, invoices' payments).
const fakeCalls = new Map<string, number>();
let plan: ReturnType<typeof deliveries> | null = null;
try {
  const setupStart = performance.now();
  setClock(Math.floor(checkoutAt.getTime() / 1000));
  const sessions: string[] = new Array(members);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < members) {
        const i = next++;
        sessions[i] = await checkout(prepared.users[i]!.cookie, i);
      }
    }),
  );
  for (let i = 0; i < members; i++) membersList.push(history(sessions[i]!, prepared.users[i]!.id, i));
  plan = deliveries(membersList);
  log(
    `${members} checkouts and ${plan.originals.length} events at the fake in ${Math.round(performance.now() - setupStart)} ms; ${plan.sequence.length} deliveries (${plan.replays} replays)`,
  );

  // Each connection sends one request at a time: the context says which delivery its answer is for.
  const sequence = plan.sequence;
  const delivered = new Array<boolean>(plan.originals.length).fill(false);
  const callsBefore = fake.state.requests.length;
  let n = 0;
  result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.origin}/_/stripe/webhook`,
        connections,
        amount: sequence.length,
        method: 'POST',
        requests: [
          {
            setupRequest: (req, context) => {
              const i = n++;
              const { event } = sequence[Math.min(i, sequence.length - 1)]!;
              (context as { delivery: number }).delivery = i;
              req.headers = {
                ...req.headers,
                'content-type': 'application/json',
                'stripe-signature': event.signature,
              };
              req.body = event.body;
              return req;
            },
            onResponse: (status, body, context) => {
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              const at = sequence[(context as { delivery: number }).delivery];
              if (status === 200 && at) delivered[at.index] = true;
              try {
                const key = (JSON.parse(body) as { outcome?: string }).outcome ?? 'ignored';
                outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
              } catch {}
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    setTimeout(() => {
      stoppedAtLimit = true;
      instance.stop();
    }, maxSeconds * 1000).unref();
  });
  row = benchRow(label, `${plan.sequence.length} deliveries, ${replayPercent} % replays`, result);
  for (const call of fake.state.requests.slice(callsBefore)) {
    const key = `${call.method} ${call.path.replace(/\/[^/]+$/, '/:id')}`;
    fakeCalls.set(key, (fakeCalls.get(key) ?? 0) + 1);
  }
  // As Stripe does, a delivery that was not taken is sent again, one at a time.
  for (const [index, event] of plan.originals.entries()) {
    if (delivered[index]) continue;
    retried++;
    const res = await fetch(`${server.origin}/_/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.body,
    });
    await res.text();
    if (res.status !== 200) log(`retry of ${event.type} ${event.event.id} answered ${res.status}`);
  }
} finally {
  await server.stop();
  await fake.stop();
}

// The server is down: its embedded database is opened here to read what the webhooks left.
const GRACE_MS = MEMBERSHIP_GRACE_PERIOD_DAYS * DAY_S * 1000;
const expectedStatus = (status: string) =>
  status === 'active'
    ? 'ACTIVE'
    : status === 'trialing'
      ? 'TRIALING'
      : status === 'canceled'
        ? 'CANCELED'
        : 'PAST_DUE';
const db = await connectDatabase({
  dataDir: path.join(repoRoot, '.data', dataName),
  embeddedPort: pgPort,
  log,
});
const wrong: { userId: string; story: Story; shuffled: boolean; expected: unknown; actual: unknown }[] = [];
try {
  const em = db.orm.em.fork();
  const rows = await em.find(Membership, { user: { $in: membersList.map((m) => m.userId) } });
  const byUser = new Map(rows.map((m) => [m.user.id, m]));
  const users = new Map(
    (await em.find(User, { id: { $in: membersList.map((m) => m.userId) } })).map((u) => [u.id, u]),
  );
  const now = Date.now();
  for (const m of membersList) {
    const subscription = fake.state.subscriptions.get(m.subscriptionId)!;
    const status = expectedStatus(subscription.status);
    const expected = {
      status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
      member:
        status === 'ACTIVE' ||
        status === 'TRIALING' ||
        (status === 'PAST_DUE' && m.failedAt !== null && m.failedAt * 1000 + GRACE_MS > now),
    };
    const membership = byUser.get(m.userId);
    const actual = {
      status: membership?.status ?? null,
      cancelAtPeriodEnd: membership?.cancelAtPeriodEnd ?? null,
      currentPeriodEnd: membership?.currentPeriodEnd?.toISOString() ?? null,
      member: Number(users.get(m.userId)?.mediumMemberAt ?? 0) > 0,
    };
    if (
      rows.filter((r) => r.user.id === m.userId).length !== 1 ||
      JSON.stringify(expected) !== JSON.stringify(actual)
    )
      wrong.push({ userId: m.userId, story: m.story, shuffled: m.shuffled, expected, actual });
  }
} finally {
  await db.close();
}
for (const w of wrong.slice(0, 10)) log(`wrong state: ${JSON.stringify(w)}`);

const { loadavg, cpus } = await import('node:os');
const non2xx = [...statuses].filter(([s]) => s < 200 || s > 299).reduce((sum, [, c]) => sum + c, 0);
const byStory = Object.fromEntries(
  [...new Set(STORIES)].map((s) => [
    s,
    {
      members: membersList.filter((m) => m.story === s).length,
      wrong: wrong.filter((w) => w.story === s).length,
      wrongShuffled: wrong.filter((w) => w.story === s && w.shuffled).length,
    },
  ]),
);
const results = {
  date: new Date().toISOString(),
  machine: {
    cores: cpus().length,
    node: process.version,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  },
  settings: { members, connections, replayPercent, maxSeconds, seed },
  events: plan?.originals.length ?? 0,
  deliveries: result ? result.requests.total : 0,
  replays: plan?.replays ?? 0,
  stoppedAtLimit,
  durationSeconds: result ? Math.round(result.duration * 10) / 10 : 0,
  row,
  statuses: Object.fromEntries(statuses),
  outcomes: Object.fromEntries(outcomes),
  retried,
  fakeCalls: Object.fromEntries(fakeCalls),
  wrongState: wrong.length,
  byStory,
  wrong: wrong.slice(0, 50),
};
const table = [
  `Webhook bench ${results.date} · ${members} members · ${results.events} events · ${connections} connections · ${replayPercent} % replays · half the members' events shuffled · load average ${results.machine.loadAverage.join(' ')}`,
  '',
  '| deliveries | req/s | p50 ms | p99 ms | non-2xx | errors | retried | wrong state |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|',
  `| ${results.deliveries} | ${row?.requestsPerSecond ?? 0} | ${row?.p50Ms ?? 0} | ${row?.p99Ms ?? 0} | ${non2xx} | ${row?.errors ?? 0} | ${retried} | ${wrong.length} |`,
  '',
  `Outcomes: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}${stoppedAtLimit ? ` · stopped at the ${maxSeconds} s limit` : ''}`,
  `Calls to the fake Stripe during the load: ${[...fakeCalls].map(([k, v]) => `${k} ${v}`).join(', ')}`,
].join('\n');
writeResults('webhooks', results, table);
// Something on the way out resets process.exitCode: a wrong state fails the command explicitly.
if (wrong.length) process.exit(1);
