import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/availability';

describe('isDatabaseUnavailable', () => {
  it('tells an unreachable database from a failed statement', () => {
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailable({ message: 'x', cause: { code: '57P01' } })).toBe(true);
    expect(isDatabaseUnavailable({ code: '08006' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable({ errors: [{ code: 'ECONNREFUSED' }] })).toBe(true);
    // Regression: a malformed statement (a NUL byte) is a defect, answered 500 and logged, not a 503 outage.
    expect(isDatabaseUnavailable({ code: '08P01', message: 'invalid message format' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '23505' })).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
