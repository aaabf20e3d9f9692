import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Presses Pay on the sandbox's hosted page of an invoice, as a customer does: the invoice is paid and the page
 * answers 303 back to the shop. Answers where it sends the customer.
 */
export const pressPay = async (app: FastifyInstance, hostedUrl: string): Promise<string | undefined> => {
  const paid = await app.inject({
    method: 'POST',
    url: new URL(hostedUrl).pathname,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.statusCode, paid.body).toBe(303);
  return paid.headers.location;
};
