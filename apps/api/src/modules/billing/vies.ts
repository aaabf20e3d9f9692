import { viesParts } from '@proxydesk/contract';
import type { BillingInput } from '@proxydesk/db';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-error.js';

/** What VIES says of a number: it exists, it does not, or VIES could not answer (down, slow, busy). */
export type ViesAnswer = 'valid' | 'invalid' | 'unavailable';

/** VIES's error codes that mean "the number is wrong", not "VIES is down" (its others are outages). */
const INVALID_INPUT = new Set(['INVALID_INPUT', 'INVALID_REQUESTER_INFO']);

/**
 * The EU's VIES REST API (`POST {VIES_URL}/check-vat-number` with `{countryCode, vatNumber}`, answering
 * `{valid, name, address, …}`; an error as `{actionSucceed: false, errorWrappers: [{error}]}`). Whatever is not
 * a clear yes or no — a refused connection, a timeout, a 5xx, MS_UNAVAILABLE — is `unavailable`.
 */
export const createVies = ({
  url,
  timeoutMs,
  log,
}: {
  url: string | undefined;
  timeoutMs: number;
  log: FastifyBaseLogger;
}) => {
  const check = async (countryCode: string, vatNumber: string): Promise<ViesAnswer> => {
    try {
      const response = await fetch(`${url!.replace(/\/+$/, '')}/check-vat-number`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode, vatNumber }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as {
        valid?: unknown;
        errorWrappers?: { error?: unknown }[];
      } | null;
      const errors = (body?.errorWrappers ?? []).map((wrapper) => String(wrapper.error));
      if (errors.some((error) => INVALID_INPUT.has(error))) return 'invalid';
      if (response.ok && typeof body?.valid === 'boolean') return body.valid ? 'valid' : 'invalid';
      log.warn(
        { status: response.status, errors },
        'VIES did not answer: the VAT number is accepted, flagged',
      );
    } catch (error) {
      log.warn({ error: (error as Error).message }, 'VIES unreachable: the VAT number is accepted, flagged');
    }
    return 'unavailable';
  };

  return {
    /**
     * The VAT check of billing details about to be saved (issue #30 item 4): an EU number is asked of VIES when
     * `VIES_URL` is set; one VIES does not know is refused (400); when VIES cannot answer the number is kept
     * and flagged `unverified` for the operator. Anything else (no number, outside the EU, no VIES) is not
     * checked (null).
     */
    vatCheckOf: async (
      details: Pick<BillingInput, 'country' | 'vatNumber'>,
    ): Promise<Pick<BillingInput, 'vatCheck' | 'vatCheckedAt'>> => {
      const parts = url && details.vatNumber ? viesParts(details.country, details.vatNumber) : undefined;
      if (!parts) return { vatCheck: null, vatCheckedAt: null };
      const answer = await check(parts.countryCode, parts.vatNumber);
      if (answer === 'invalid') {
        throw new HttpError(
          400,
          `VIES does not know the VAT number ${parts.countryCode}${parts.vatNumber}: check it, or leave it empty to buy as a consumer`,
        );
      }
      return { vatCheck: answer === 'valid' ? 'valid' : 'unverified', vatCheckedAt: new Date() };
    },
  };
};

export type Vies = ReturnType<typeof createVies>;
