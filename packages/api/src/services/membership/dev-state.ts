import type { EntityManager } from '@mikro-orm/postgresql';
import { DevPaymentState } from '@quire/db';
import { DevProvider, type DevProviderState, type PaymentProvider } from '@quire/payments';
import type { ServiceEnvironment } from '../environment';
import { lockUntilCommit } from '../locks';

/*
 * The test-mode provider keeps its sessions, subscriptions and charges in memory; they are stored as one JSON
 * row (dev_payment_states, key 'dev-provider'), written in the transaction of each change and read at start.
 */

const DEV_STATE_KEY = 'dev-provider';

export const isDevProvider = (provider: PaymentProvider): provider is DevProvider =>
  provider instanceof DevProvider;

/** The test-mode provider's stored state, to pass as `devState` when it is built; undefined before any change. */
export async function loadDevPaymentState(em: EntityManager): Promise<DevProviderState | undefined> {
  const row = await em.findOne(DevPaymentState, { key: DEV_STATE_KEY }, { disableIdentityMap: true });
  return row ? (row.state as unknown as DevProviderState) : undefined;
}

async function saveDevPaymentState(em: EntityManager, provider: DevProvider) {
  await em.execute(
    `insert into dev_payment_states (key, state, updated_at) values (?, ?, now())
     on conflict (key) do update set state = excluded.state, updated_at = now()`,
    [DEV_STATE_KEY, JSON.stringify(provider.snapshot())],
  );
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
  const result = await run(provider);
  await saveDevPaymentState(em, provider);
  return result;
}
