import { describe, expect, it } from 'vitest';
import {
  DatabaseBusyError,
  isDatabaseBusy,
  isDatabaseUnavailable,
  isTransactionConflict,
} from './availability.js';

/** An error as Drizzle throws it: its own, wrapping the driver's. */
const wrapped = (cause: Error) =>
  Object.assign(new Error('Failed query: ...', { cause }), { name: 'DrizzleQueryError' });
const withCode = (code: string) => Object.assign(new Error('boom'), { code });

describe('what answers 503 "not reachable" (issue #28 §5): connection failures only', () => {
  it('takes a connection failure or a server going away for the database being out of reach', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('57P01')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode('ECONNRESET')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
  });

  it('does not take a busy pool, a deadlock or a serialization failure for it', () => {
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(false);
    const busy = new DatabaseBusyError(new Error('timeout exceeded when trying to connect'));
    expect(isDatabaseUnavailable(wrapped(busy))).toBe(false);
    expect(isDatabaseBusy(wrapped(busy))).toBe(true);
    for (const code of ['40P01', '40001']) {
      expect(isDatabaseUnavailable(wrapped(withCode(code)))).toBe(false);
      expect(isTransactionConflict(wrapped(withCode(code)))).toBe(true);
    }
    expect(isTransactionConflict(wrapped(withCode('23505')))).toBe(false);
  });
});
