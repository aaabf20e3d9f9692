import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequest, sendJson, serveFake } from './fake-kit/server.js';

/**
 * A fake of the EU's VIES REST API on 127.0.0.1 (`POST /check-vat-number` with `{countryCode, vatNumber}`), as
 * the Commission's service answers: 200 `{countryCode, vatNumber, requestDate, valid, name, address,
 * requestIdentifier}`; an error as `{actionSucceed: false, errorWrappers: [{error, message}]}` (400 for
 * INVALID_INPUT, 500 for MS_UNAVAILABLE and the other outages).
 */
export interface FakeVies {
  /** The base URL (VIES_URL), e.g. http://127.0.0.1:PORT/taxation_customs/vies/rest-api. */
  url: string;
  /** VAT numbers VIES knows, with their prefix (`FR12345678901`; Greece `EL…`), and the trader's name. */
  known: Map<string, string>;
  /** `ok`, `down` (member state unavailable) or `slow` (answers after `slowMs`). */
  mode: 'ok' | 'down' | 'slow';
  slowMs: number;
  /** Every request's `countryCode + vatNumber`, in order. */
  asked: string[];
  close(): Promise<void>;
}

const BASE = '/taxation_customs/vies/rest-api';

export const startFakeVies = async (): Promise<FakeVies> => {
  const state: Omit<FakeVies, 'url' | 'close'> = { known: new Map(), mode: 'ok', slowMs: 0, asked: [] };
  const failure = (res: ServerResponse, status: number, error: string) =>
    sendJson(res, status, { actionSucceed: false, errorWrappers: [{ error, message: error }] });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { url, method, raw } = await readRequest(req);
    if (url.pathname !== `${BASE}/check-vat-number`) return sendJson(res, 404, { error: 'not_found' });
    if (method !== 'POST') return sendJson(res, 405, { error: 'method_not_allowed' });
    const body = JSON.parse(raw || '{}') as { countryCode?: unknown; vatNumber?: unknown };
    if (typeof body.countryCode !== 'string' || typeof body.vatNumber !== 'string')
      return failure(res, 400, 'INVALID_INPUT');
    state.asked.push(`${body.countryCode}${body.vatNumber}`);
    if (state.mode === 'down') return failure(res, 500, 'MS_UNAVAILABLE');
    if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.slowMs));
    const name = state.known.get(`${body.countryCode}${body.vatNumber}`);
    sendJson(res, 200, {
      countryCode: body.countryCode,
      vatNumber: body.vatNumber,
      requestDate: new Date().toISOString(),
      valid: name !== undefined,
      requestIdentifier: '',
      name: name ?? '---',
      address: name ? 'Rue de la Paix 1\n75002 Paris' : '---',
      traderName: '',
      traderStreet: '',
      traderPostalCode: '',
      traderCity: '',
      traderCompanyType: '',
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    });
  };

  const server = await serveFake(handle, {
    internalError: () => ({ actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] }),
  });
  const fake = state as FakeVies;
  fake.url = `${server.url}${BASE}`;
  fake.close = server.close;
  return fake;
};
