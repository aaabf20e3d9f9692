import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequest, sendJson, serveFake } from './fake-kit/server.js';

/** A fake of Google reCAPTCHA's siteverify endpoint on 127.0.0.1. */
export interface FakeRecaptcha {
  /** The full siteverify URL (RECAPTCHA_VERIFY_URL), e.g. http://127.0.0.1:PORT/recaptcha/api/siteverify. */
  url: string;
  /** The only secret key the fake accepts (RECAPTCHA_SECRET). */
  secret: string;
  /** A response token, as the widget would give the browser: good for one verification within two minutes. */
  issueToken(): string;
  close(): Promise<void>;
}

const PATH = '/recaptcha/api/siteverify';
const TOKEN_LIFETIME_MS = 2 * 60_000;
/** The hostname Google reports for the site the token was solved on. */
const HOSTNAME = 'localhost';

/** Starts the fake; like Google it answers 200 with `success` and `error-codes`, and takes the form or the query string. */
export const startFakeRecaptcha = async (): Promise<FakeRecaptcha> => {
  const secret = `recaptcha-secret-${randomBytes(12).toString('base64url')}`;
  /** Token → when it was solved; removed once verified. */
  const tokens = new Map<string, number>();
  const used = new Set<string>();

  const verify = (params: URLSearchParams): Record<string, unknown> => {
    const fail = (code: string) => ({ success: false, 'error-codes': [code] });
    const givenSecret = params.get('secret');
    const response = params.get('response');
    if (!givenSecret) return fail('missing-input-secret');
    if (givenSecret !== secret) return fail('invalid-input-secret');
    if (!response) return fail('missing-input-response');
    if (used.has(response)) return fail('timeout-or-duplicate');
    const solvedAt = tokens.get(response);
    if (solvedAt === undefined) return fail('invalid-input-response');
    tokens.delete(response);
    used.add(response);
    if (Date.now() - solvedAt > TOKEN_LIFETIME_MS) return fail('timeout-or-duplicate');
    return {
      success: true,
      challenge_ts: new Date(solvedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      hostname: HOSTNAME,
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { url, method, headers, raw } = await readRequest(req);
    if (url.pathname !== PATH) return sendJson(res, 404, { error: 'not_found' });
    if (method !== 'POST') return sendJson(res, 405, { error: 'method_not_allowed' });
    const params = new URLSearchParams(url.search);
    if ((headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      for (const [key, value] of new URLSearchParams(raw)) params.set(key, value);
    }
    sendJson(res, 200, verify(params));
  };

  const server = await serveFake(handle, {
    internalError: () => ({ success: false, 'error-codes': ['internal-error'] }),
  });

  return {
    url: `${server.url}${PATH}`,
    secret,
    issueToken: () => {
      const token = `03A${randomBytes(48).toString('base64url')}`;
      tokens.set(token, Date.now());
      return token;
    },
    close: server.close,
  };
};
