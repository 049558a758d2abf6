import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '@quire/db';
import type { PaymentProvider as ProviderName } from '@quire/domain';

/**
 * Stores (or moves) a user's customer id at a payment provider. Two requests storing the same pair at once
 * (a double click's two checkouts, a checkout and its webhook) both succeed: the insert yields to any row
 * either unique index already holds, and the update then moves the id only when it changed.
 */
export async function rememberCustomer(
  em: EntityManager,
  userId: string,
  provider: ProviderName,
  customerId: string | null | undefined,
): Promise<void> {
  if (!customerId) return;
  await em.execute(
    `insert into payment_customers (id, user_id, provider, customer_id) values (?, ?, ?, ?) on conflict do nothing`,
    [newId(), userId, provider, customerId],
  );
  await em.execute(
    `update payment_customers set customer_id = ?, updated_at = now()
      where user_id = ? and provider = ? and customer_id <> ?`,
    [customerId, userId, provider, customerId],
  );
}
