import { AsyncLocalStorage } from 'node:async_hooks';

/** What one procedure call did: whether it asked the policy, and whether it reached the database. */
export interface PolicyAuditRecord {
  path: string;
  consulted: boolean;
  queried: boolean;
}

const current = new AsyncLocalStorage<PolicyAuditRecord>();

/** Runs a procedure call with its record, so the policy and the database can note what they were asked. */
export function auditCall<T>(
  path: string,
  call: () => Promise<T>,
): Promise<{ record: PolicyAuditRecord; result: Promise<T> }> {
  const record: PolicyAuditRecord = { path, consulted: false, queried: false };
  return Promise.resolve({ record, result: current.run(record, call) });
}

/** The policy was asked a question in this call. */
export function noteConsulted(): void {
  const record = current.getStore();
  if (record) record.consulted = true;
}

/** A statement reached the database in this call (the ORM's query hook tells). */
export function noteQueried(): void {
  const record = current.getStore();
  if (record) record.queried = true;
}
