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
): { record: PolicyAuditRecord; result: Promise<T> } {
  const record: PolicyAuditRecord = { path, consulted: false, queried: false };
  return { record, result: current.run(record, call) };
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

/** Hears of every finished call (the audit test collects them). */
let listener: ((record: PolicyAuditRecord) => void) | null = null;

export function onAudited(fn: ((record: PolicyAuditRecord) => void) | null): void {
  listener = fn;
}

export function reportAudited(record: PolicyAuditRecord): void {
  listener?.(record);
}

/** Whether an unaudited call fails (the audit test turns this on), or is only reported to the listener. */
let strict = false;

export function setPolicyAuditStrict(on: boolean): void {
  strict = on;
}

export const policyAuditIsStrict = () => strict;
