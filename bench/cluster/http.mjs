import http from 'node:http';

const TIMEOUT_MS = 15_000;

/**
 * What went wrong with an answer, in words an operator reads: HAProxy's own error pages (no instance up,
 * an instance gone mid-request) told apart from the shop's `{detail}` answers and from network failures.
 */
export const errorKind = ({ status, body, error }) => {
  if (error) return `network: ${error}`;
  if (body.startsWith('<html>')) {
    const meaning = { 502: 'an instance failed mid-request', 503: 'no API instance up', 504: 'timeout' };
    return `HAProxy ${status} (${meaning[status] ?? 'error page'})`;
  }
  let detail = '';
  try {
    detail = String(JSON.parse(body).detail ?? '');
  } catch {
    detail = 'not JSON';
  }
  return `API ${status}${detail ? `: ${detail.slice(0, 70)}` : ''}`;
};

/**
 * A customer's browser: HTTP/1.1 with keep-alive to the shop at 127.0.0.1:`port`, every connection from the
 * customer's own address. `request` never throws: it answers { status, body, ms, error? }.
 */
export const createBrowser = ({ port, localAddress }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  let token;

  /** `json` is sent as JSON, `form` as a form, `raw` as it is (with the caller's content-type). */
  const request = (method, path, { json, form, raw, headers = {} } = {}) =>
    new Promise((resolve) => {
      const started = performance.now();
      const body = json !== undefined ? JSON.stringify(json) : (form ?? raw);
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          localAddress,
          timeout: TIMEOUT_MS,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - started }),
          );
          response.on('error', (error) =>
            resolve({ status: 0, body: '', ms: performance.now() - started, error: error.code ?? 'reset' }),
          );
        },
      );
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      request.on('error', (error) =>
        resolve({ status: 0, body: '', ms: performance.now() - started, error: error.code ?? error.message }),
      );
      request.end(body);
    });

  return {
    request,
    signIn: (value) => {
      token = value;
    },
    close: () => agent.destroy(),
  };
};
