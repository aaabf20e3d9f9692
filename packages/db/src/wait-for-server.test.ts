import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from './availability.js';
import { isServerNotUpYet } from './wait-for-server.js';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isServerNotUpYet: what a server start waits for, and what it reports at once', () => {
  it.each([
    ['nothing listens', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['the server is starting', coded('the database system is starting up', '57P03')],
    ['the name does not resolve yet', coded('getaddrinfo EAI_AGAIN db', 'EAI_AGAIN')],
    ['the connection dropped', new Error('Connection terminated unexpectedly')],
    ['the guard waits out a failure', new DatabaseUnavailableError()],
  ])('waits when %s', (_what, cause) => {
    expect(isServerNotUpYet(new DatabaseUnavailableError(cause))).toBe(true);
  });

  it.each([
    ['the password is wrong', coded('password authentication failed for user "shop"', '28P01')],
    ['the database does not exist', coded('database "shop" does not exist', '3D000')],
    ['the error is something else', new Error('self-signed certificate')],
  ])('does not wait when %s', (_what, cause) => {
    expect(isServerNotUpYet(new DatabaseUnavailableError(cause))).toBe(false);
  });
});
