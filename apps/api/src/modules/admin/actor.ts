import type { FastifyRequest } from 'fastify';
import type { Account } from '../../plugins/authenticate.js';

/** The operator behind a console action and the address it came from, for the audit row. */
export const actorOf = (account: Account, request: FastifyRequest) => ({
  userId: account.user.id,
  ip: request.ip,
});
