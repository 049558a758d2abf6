/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** SQLSTATEs of a server that is shutting down, starting up or out of connections (class 08: the connection). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** 08P01 is in the connection class but says a statement was malformed (a defect of ours), not an outage. */
const PROTOCOL_VIOLATION = '08P01';
/** What `pg` and `pg-pool` say when a connection is lost or none is free in time (they set no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether an error (or its cause, however deeply wrapped) says the database cannot be reached right now,
 * rather than that a query failed: such a request is answered 503 and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, message, errors, cause } = e as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) ||
        SERVER_CODES.has(code) ||
        (code.startsWith('08') && code !== PROTOCOL_VIOLATION))
    )
      return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) return true;
    // A connect to a host with several addresses fails with each address's error.
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
    e = cause;
  }
  return false;
}
