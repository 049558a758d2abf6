import type { EntityManager } from '@mikro-orm/postgresql';
import { DevPaymentState } from '@quire/db';
import { DevProvider, type DevProviderState, type PaymentProvider } from '@quire/payments';
import type { ServiceEnvironment } from '../environment';
import { lockUntilCommit } from '../locks';

/*
 * The test-mode provider keeps its sessions, subscriptions and charges in memory; they are stored as one JSON
 * row (dev_payment_states, key 'dev-provider'), written in the transaction of each change and read at start.
 * Several processes (web processes, a worker) each hold a copy: each use first takes the stored state again when
 * the row changed since this copy last read or wrote it (its xmin moved).
 */

const DEV_STATE_KEY = 'dev-provider';

export const isDevProvider = (provider: PaymentProvider): provider is DevProvider =>
  provider instanceof DevProvider;

/** The test-mode provider's stored state, to pass as `devState` when it is built; undefined before any change. */
export async function loadDevPaymentState(em: EntityManager): Promise<DevProviderState | undefined> {
  const row = await em.findOne(DevPaymentState, { key: DEV_STATE_KEY }, { disableIdentityMap: true });
  return row ? (row.state as unknown as DevProviderState) : undefined;
}

/** The stored row's version (its xmin) that each provider copy holds, so it reads the state only after a change. */
const heldVersion = new WeakMap<DevProvider, string>();

async function saveDevPaymentState(em: EntityManager, provider: DevProvider) {
  const [row] = await em.execute<{ version: string }[]>(
    `insert into dev_payment_states (key, state, updated_at) values (?, ?, now())
     on conflict (key) do update set state = excluded.state, updated_at = now()
     returning xmin::text as version`,
    [DEV_STATE_KEY, JSON.stringify(provider.snapshot())],
  );
  heldVersion.set(provider, row!.version);
}

/** Brings this copy of the test-mode provider up to the stored state when another copy changed it since. */
async function refreshDevProvider(em: EntityManager, provider: DevProvider) {
  const held = heldVersion.get(provider) ?? '';
  const [row] = await em.execute<{ version: string; state: DevProviderState | null }[]>(
    `select xmin::text as version, case when xmin::text = ? then null else state end as state
       from dev_payment_states where key = ?`,
    [held, DEV_STATE_KEY],
  );
  if (!row?.state) return;
  provider.restore(row.state);
  heldVersion.set(provider, row.version);
}

/** The payment provider, with the test-mode one's state as stored now: call it before reading that state. */
export async function currentProvider(em: EntityManager, env: ServiceEnvironment): Promise<PaymentProvider> {
  const provider = env.payments;
  if (isDevProvider(provider)) await refreshDevProvider(em, provider);
  return provider;
}

/**
 * Runs a call that changes the provider's state. With the test-mode provider the changes are serialised and
 * its whole state is written in the caller's transaction; `em` must be in one.
 */
export async function changingProvider<T>(
  em: EntityManager,
  env: ServiceEnvironment,
  run: (provider: PaymentProvider) => Promise<T>,
): Promise<T> {
  const provider = env.payments;
  if (!isDevProvider(provider)) return run(provider);
  // Two changes at once would each write a snapshot; the lock makes the later one include the earlier.
  await lockUntilCommit(em, 'dev-payment-state');
  await refreshDevProvider(em, provider);
  const result = await run(provider);
  await saveDevPaymentState(em, provider);
  return result;
}
