import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, PAY_FORM, redirect, sendPage } from './fake-kit/page.js';
import { FakeAnswer, jsonAnswers, readRequest, serveFake, type FakeRequest } from './fake-kit/server.js';
import { randomText, show } from './fake-kit/text.js';
import {
  afterAnswer,
  hmacSha256Hex,
  signedWebhooks,
  unixNow as now,
  type SignedWebhookFake,
} from './fake-kit/webhooks.js';

/** A form value decoded from Stripe's bracket notation (`a[b][0][c]=v`). */
export type StripeParam = string | StripeParam[] | { [key: string]: StripeParam };
/** The decoded form (or query string) of a request to the fake. */
export type StripeParams = { [key: string]: StripeParam };

/** What our server sent to the fake: the query string and a POST's form, decoded. */
export type FakeStripeRequest = FakeRequest<StripeParams, StripeParams>;

/** A Checkout Session line item, as `GET /v1/checkout/sessions/:id/line_items` lists it. */
export interface StripeLineItem {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: {
    id: string;
    object: 'price';
    currency: string;
    product: string;
    type: 'one_time';
    unit_amount: number;
  };
  quantity: number;
}

/** The Checkout Session fields the fake keeps (a subset of Stripe's object, same names and types). */
export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  /** Only while the session is open, as at Stripe. */
  url: string | null;
}

/** A created session with the decoded parameters it was created from. */
export interface FakeStripeSessionRecord {
  session: StripeCheckoutSession;
  params: StripeParams;
  lineItems: StripeLineItem[];
}

/** A Stripe event (snapshot event, API v1). */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** A fake Stripe API (Checkout Sessions) with webhook delivery, on 127.0.0.1. */
export interface FakeStripe extends SignedWebhookFake<StripeEvent> {
  /** Base URL, e.g. http://127.0.0.1:PORT (STRIPE_API_BASE); the API lives under /v1. */
  url: string;
  /** For the SDK: `new Stripe(secretKey, { host, port, protocol: 'http' })`. */
  host: string;
  port: number;
  /** The only API key the fake accepts. */
  secretKey: string;
  /** Created sessions by id. */
  sessions: Map<string, FakeStripeSessionRecord>;
  /** Every event the fake built, oldest first. */
  events: StripeEvent[];
  /** Marks an open session paid, as the hosted page would, and sends `checkout.session.completed`. */
  complete(sessionId: string): Promise<Response>;
  /**
   * A dispute of a paid session's charge, as Stripe would send it: `charge.dispute.created`, then
   * `charge.dispute.closed` with status won or lost.
   */
  dispute(sessionId: string, stage: 'created' | 'won' | 'lost'): Promise<Response>;
  /** Refunds made through `POST /v1/refunds`; each sends `charge.refunded` to the webhook after answering. */
  refunds: { id: string; payment_intent: string; amount: number }[];
  requests: FakeStripeRequest[];
  close(): Promise<void>;
}

/** Stripe-Signature value: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the whole whsec_ secret>`. */
export const stripeSignatureHeader = (body: string, secret: string, timestamp: number): string =>
  `t=${timestamp},v1=${hmacSha256Hex(secret, `${timestamp}.${body}`)}`;

const API_VERSION = '2026-10-28.endive';
const SESSION_LIFETIME_S = 24 * 60 * 60;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CURRENCIES = new Set(Intl.supportedValuesOf('currency').map((code) => code.toLowerCase()));

const alnum = (length: number) => randomText(ALNUM, length);

/** Stripe's answers: pretty JSON with its request id and API version. */
const sendStripe = jsonAnswers({
  headers: () => ({
    'content-type': 'application/json',
    'cache-control': 'no-cache, no-store',
    'request-id': `req_${alnum(14)}`,
    'stripe-version': API_VERSION,
  }),
  indent: 2,
});

const sendHtml = (res: ServerResponse, status: number, html: string) =>
  sendPage(res, status, 'Fake Stripe Checkout', html);

const isRecord = (value: StripeParam | undefined): value is { [key: string]: StripeParam } =>
  typeof value === 'object' && !Array.isArray(value);

/** Decodes `a[b][0][c]=v` pairs (brackets encoded or not) into nested objects and arrays, like Stripe. */
export const decodeStripeForm = (raw: string): StripeParams => {
  const root: StripeParams = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const segments = match
      ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)]
      : [key];
    let container: StripeParam[] | { [key: string]: StripeParam } = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const nextIsList = !last && /^\d*$/.test(segments[index + 1]!);
      const slot: number | string = Array.isArray(container)
        ? segment === ''
          ? container.length
          : Number(segment)
        : segment;
      const existing: StripeParam | undefined = Array.isArray(container)
        ? container[slot as number]
        : container[slot];
      let next: StripeParam;
      if (last) next = value;
      else if (typeof existing === 'object' && Array.isArray(existing) === nextIsList) next = existing;
      else next = nextIsList ? [] : {};
      if (Array.isArray(container)) container[slot as number] = next;
      else container[slot] = next;
      if (typeof next === 'object') container = next;
    });
  }
  return root;
};

/** Stripe's error envelope: `{ error: { code, doc_url, message, param, type } }`. */
const stripeError = (
  status: number,
  body: { type: string; message: string; code?: string; param?: string },
) =>
  new FakeAnswer(
    status,
    {
      error: {
        ...(body.code === undefined
          ? {}
          : {
              code: body.code,
              doc_url: `https://stripe.com/docs/error-codes/${body.code.replaceAll('_', '-')}`,
            }),
        message: body.message,
        ...(body.param === undefined ? {} : { param: body.param }),
        type: body.type,
      },
    },
    status === 401 ? { 'www-authenticate': 'Basic realm="Stripe"' } : {},
  );

const invalid = (code: string, message: string, param?: string, status = 400) =>
  stripeError(status, {
    type: 'invalid_request_error',
    code,
    message,
    ...(param === undefined ? {} : { param }),
  });
const missing = (param: string) => invalid('parameter_missing', `Missing required param: ${param}.`, param);

const stringParam = (
  params: { [key: string]: StripeParam },
  name: string,
  path: string,
): string | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalid('parameter_invalid_string', `Invalid string: ${path}; must be a string`, path);
  return value;
};

const integerParam = (
  params: { [key: string]: StripeParam },
  name: string,
  path: string,
): number | undefined => {
  const value = stringParam(params, name, path);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid('parameter_invalid_integer', `Invalid integer: ${value}`, path);
  return Number(value);
};

const urlParam = (params: StripeParams, name: string): string | null => {
  const value = stringParam(params, name, name);
  if (value === undefined) return null;
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value))
    throw invalid('url_invalid', 'Not a valid URL', name);
  return value;
};

const parseLineItems = (params: StripeParams): StripeLineItem[] => {
  const items = params.line_items;
  if (items === undefined) throw missing('line_items');
  const list = Array.isArray(items) ? items : isRecord(items) ? Object.values(items) : undefined;
  if (!list || list.length === 0) throw invalid('parameter_invalid_empty', 'Invalid array', 'line_items');
  let currency: string | undefined;
  return list.map((item, i) => {
    const at = `line_items[${i}]`;
    if (!isRecord(item)) throw invalid('parameter_invalid_empty', `Invalid object`, at);
    if (item.price !== undefined)
      throw invalid(
        'resource_missing',
        `No such price: '${show(item.price)}' (the fake Stripe has no catalog; use price_data)`,
        `${at}[price]`,
      );
    const data = item.price_data;
    if (!isRecord(data)) throw missing(`${at}[price_data]`);
    const itemCurrency = stringParam(data, 'currency', `${at}[price_data][currency]`)?.toLowerCase();
    if (!itemCurrency) throw missing(`${at}[price_data][currency]`);
    if (!CURRENCIES.has(itemCurrency))
      throw invalid(
        'parameter_invalid_string',
        `Invalid currency: ${itemCurrency}`,
        `${at}[price_data][currency]`,
      );
    if (currency !== undefined && currency !== itemCurrency)
      throw invalid(
        'parameter_invalid_string',
        'All line items must use the same currency.',
        `${at}[price_data][currency]`,
      );
    currency = itemCurrency;
    if (data.product !== undefined)
      throw invalid(
        'resource_missing',
        `No such product: '${show(data.product)}' (the fake Stripe has no catalog; use product_data)`,
        `${at}[price_data][product]`,
      );
    const product = data.product_data;
    if (!isRecord(product)) throw missing(`${at}[price_data][product_data]`);
    const name = stringParam(product, 'name', `${at}[price_data][product_data][name]`);
    if (!name) throw missing(`${at}[price_data][product_data][name]`);
    const unitAmount = integerParam(data, 'unit_amount', `${at}[price_data][unit_amount]`);
    if (unitAmount === undefined) throw missing(`${at}[price_data][unit_amount]`);
    if (unitAmount < 0)
      throw invalid(
        'parameter_invalid_integer',
        'This value must be greater than or equal to 0.',
        `${at}[price_data][unit_amount]`,
      );
    const quantity = integerParam(item, 'quantity', `${at}[quantity]`);
    if (quantity === undefined) throw missing(`${at}[quantity]`);
    if (quantity < 1)
      throw invalid(
        'parameter_invalid_integer',
        'This value must be greater than or equal to 1.',
        `${at}[quantity]`,
      );
    const amount = unitAmount * quantity;
    return {
      id: `li_${alnum(24)}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: itemCurrency,
      description: name,
      price: {
        id: `price_${alnum(24)}`,
        object: 'price',
        currency: itemCurrency,
        product: `prod_${alnum(14)}`,
        type: 'one_time',
        unit_amount: unitAmount,
      },
      quantity,
    };
  });
};

const parseMetadata = (params: StripeParams): Record<string, string> => {
  const metadata = params.metadata;
  if (metadata === undefined || metadata === '') return {};
  if (!isRecord(metadata)) throw invalid('parameter_invalid_empty', 'Invalid hash', 'metadata');
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value !== 'string')
      throw invalid('parameter_invalid_string', 'Invalid string', `metadata[${key}]`);
    if (value !== '') result[key] = value;
  }
  return result;
};

/** Starts the fake Stripe API: POST/GET /v1/checkout/sessions[/:id[/line_items|/expire]], and a hosted page at /pay/:id. */
export const startFakeStripe = async (): Promise<FakeStripe> => {
  const secretKey = `sk_test_fake${alnum(32)}`;
  const webhooks = signedWebhooks<StripeEvent>({
    name: 'fake Stripe',
    secret: `whsec_${alnum(32)}`,
    header: 'stripe-signature',
    sign: stripeSignatureHeader,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      accept: '*/*; q=0.5, application/xml',
      'cache-control': 'no-cache',
    },
    serialize: (event) => JSON.stringify(event, null, 2),
  });
  const sessions = new Map<string, FakeStripeSessionRecord>();
  const requests: FakeStripeRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let baseUrl = '';

  const authenticate = (req: IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
    if (!key)
      throw stripeError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    if (key !== secretKey) {
      const masked =
        key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
      throw stripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${masked}`,
      });
    }
  };

  const findSession = (id: string) => {
    const record = sessions.get(id);
    if (!record) throw invalid('resource_missing', `No such checkout.session: '${id}'`, 'session', 404);
    return record;
  };

  const lineItemList = (record: FakeStripeSessionRecord) => ({
    object: 'list',
    data: record.lineItems,
    has_more: false,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  });

  const present = (record: FakeStripeSessionRecord, query: StripeParams | undefined) => {
    const expand = query?.expand;
    const fields = Array.isArray(expand) ? expand : isRecord(expand) ? Object.values(expand) : [];
    return fields.includes('line_items')
      ? { ...record.session, line_items: lineItemList(record) }
      : record.session;
  };

  const createSession = (params: StripeParams): StripeCheckoutSession => {
    const mode = stringParam(params, 'mode', 'mode');
    if (!mode) throw missing('mode');
    if (!['payment', 'setup', 'subscription'].includes(mode))
      throw invalid(
        'parameter_invalid_empty',
        `Invalid mode: must be one of payment, setup, or subscription`,
        'mode',
      );
    if (mode !== 'payment')
      throw invalid('parameter_unknown', `The fake Stripe only supports mode=payment (got ${mode})`, 'mode');
    const lineItems = parseLineItems(params);
    const successUrl = urlParam(params, 'success_url');
    const cancelUrl = urlParam(params, 'cancel_url');
    const clientReference = stringParam(params, 'client_reference_id', 'client_reference_id') ?? null;
    if (clientReference !== null && clientReference.length > 200)
      throw invalid(
        'parameter_invalid_string',
        'client_reference_id is too long (max 200)',
        'client_reference_id',
      );
    const amount = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    const id = `cs_test_a1${alnum(56)}`;
    const created = now();
    const session: StripeCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: cancelUrl,
      client_reference_id: clientReference,
      created,
      currency: lineItems[0]!.currency,
      customer: null,
      customer_details: null,
      customer_email: stringParam(params, 'customer_email', 'customer_email') ?? null,
      expires_at: integerParam(params, 'expires_at', 'expires_at') ?? created + SESSION_LIFETIME_S,
      livemode: false,
      metadata: parseMetadata(params),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${baseUrl}/pay/${id}`,
    };
    sessions.set(id, { session, params, lineItems });
    return session;
  };

  const buildEvent = (type: string, object: unknown): StripeEvent =>
    webhooks.record({
      id: `evt_1${alnum(23)}`,
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  const sendEvent = webhooks.send;

  const markPaid = (sessionId: string): StripeCheckoutSession => {
    const record = sessions.get(sessionId);
    if (!record) throw new Error(`fake Stripe: no session ${sessionId}`);
    const { session } = record;
    if (session.status !== 'open')
      throw new Error(`fake Stripe: session ${sessionId} is ${session.status}, not open`);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_3${alnum(23)}`,
      customer_details: { email: session.customer_email ?? 'buyer@example.com', name: 'Test Buyer' },
      url: null,
    } satisfies Partial<StripeCheckoutSession>);
    return session;
  };

  const complete = async (sessionId: string) =>
    sendEvent(buildEvent('checkout.session.completed', markPaid(sessionId)));

  /** The charge of a paid session's payment intent, as `charge.*` events carry it. */
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  const chargeOf = (intent: string) => {
    const record = [...sessions.values()].find((r) => r.session.payment_intent === intent);
    if (!record)
      throw invalid('resource_missing', `No such payment_intent: '${intent}'`, 'payment_intent', 404);
    const refunded = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    const { session } = record;
    return {
      id: `ch_3${intent.slice(4)}`,
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: refunded,
      currency: session.currency,
      metadata: {},
      paid: true,
      payment_intent: intent,
      refunded: refunded >= session.amount_total,
      status: 'succeeded',
    };
  };

  const createRefund = (params: StripeParams) => {
    const intent = stringParam(params, 'payment_intent', 'payment_intent');
    if (!intent) throw missing('payment_intent');
    const charge = chargeOf(intent);
    const amount = integerParam(params, 'amount', 'amount') ?? charge.amount - charge.amount_refunded;
    if (amount <= 0 || amount > charge.amount - charge.amount_refunded)
      throw invalid(
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount on charge`,
        'amount',
      );
    const refund = { id: `re_3${alnum(23)}`, payment_intent: intent, amount };
    refunds.push(refund);
    // Stripe answers, then notifies: the event follows the answer.
    afterAnswer(() => sendEvent(buildEvent('charge.refunded', chargeOf(intent))));
    return {
      ...refund,
      object: 'refund',
      charge: charge.id,
      currency: charge.currency,
      status: 'succeeded',
      created: now(),
    };
  };

  const dispute = async (sessionId: string, stage: 'created' | 'won' | 'lost') => {
    const intent = sessions.get(sessionId)?.session.payment_intent;
    if (!intent) throw new Error(`fake Stripe: session ${sessionId} is not paid`);
    const charge = chargeOf(intent);
    const object = {
      id: `dp_1${intent.slice(4)}`,
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intent,
      reason: 'fraudulent',
      status: stage === 'created' ? 'needs_response' : stage,
    };
    return sendEvent(
      buildEvent(stage === 'created' ? 'charge.dispute.created' : 'charge.dispute.closed', object),
    );
  };

  const api = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    method: string,
    record: FakeStripeRequest,
  ) => {
    authenticate(req);
    if (path === '/v1/checkout/sessions' && method === 'POST') {
      const key = record.headers['idempotency-key'] ?? null;
      const fingerprint = JSON.stringify(['POST', path, record.body]);
      const previous = key === null ? undefined : idempotent.get(key);
      if (previous) {
        if (previous.fingerprint !== fingerprint)
          throw stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        return sendStripe(res, previous.status, previous.body, {
          'idempotent-replayed': 'true',
          'idempotency-key': key!,
        });
      }
      const session = createSession(record.body ?? {});
      if (key !== null) idempotent.set(key, { fingerprint, status: 200, body: session });
      return sendStripe(res, 200, session, key === null ? {} : { 'idempotency-key': key });
    }
    if (path === '/v1/refunds' && method === 'POST')
      return sendStripe(res, 200, createRefund(record.body ?? {}));
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/line_items|\/expire)?$/.exec(path);
    if (match) {
      const found = findSession(decodeURIComponent(match[1]!));
      if (match[2] === undefined && method === 'GET')
        return sendStripe(res, 200, present(found, record.query));
      if (match[2] === '/line_items' && method === 'GET') return sendStripe(res, 200, lineItemList(found));
      if (match[2] === '/expire' && method === 'POST') {
        if (found.session.status !== 'open')
          throw invalid(
            'checkout_session_not_open',
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${found.session.status}".`,
          );
        Object.assign(found.session, {
          status: 'expired',
          url: null,
        } satisfies Partial<StripeCheckoutSession>);
        return sendStripe(res, 200, found.session);
      }
    }
    throw invalid(
      'resource_missing',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      undefined,
      404,
    );
  };

  /** A minimal hosted checkout page: Pay marks the session paid, sends the event and redirects to success_url. */
  const hostedPage = async (res: ServerResponse, id: string, method: string, form: URLSearchParams) => {
    const record = sessions.get(id);
    if (!record)
      return sendHtml(res, 404, '<h1>Something went wrong</h1><p>This checkout session does not exist.</p>');
    const { session } = record;
    if (method === 'POST' && form.get('action') === 'pay' && session.status === 'open') {
      markPaid(id);
      if (webhooks.url) {
        await sendEvent(buildEvent('checkout.session.completed', session)).catch(() => undefined);
      }
      if (session.success_url)
        return redirect(res, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id));
    }
    if (session.status !== 'open')
      return sendHtml(res, 200, `<h1>Checkout session ${escapeHtml(session.status)}</h1>`);
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    const items = record.lineItems
      .map((item) => `<li>${item.quantity} × ${escapeHtml(item.description)}</li>`)
      .join('');
    sendHtml(
      res,
      200,
      `<h1>Pay ${escapeHtml(amount)}</h1><ul>${items}</ul>` +
        PAY_FORM +
        (session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : ''),
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { url, method, headers, raw } = await readRequest(req);
    const record: FakeStripeRequest = { method, path: url.pathname, headers };
    if (url.search) record.query = decodeStripeForm(url.search.slice(1));
    if (method === 'POST') record.body = decodeStripeForm(raw);
    requests.push(record);

    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (pay) return hostedPage(res, decodeURIComponent(pay[1]!), method, new URLSearchParams(raw));
    api(req, res, url.pathname, method, record);
  };

  const server = await serveFake(handle, {
    internalError: (error) => ({ error: { type: 'api_error', message: `fake Stripe: ${String(error)}` } }),
    send: sendStripe,
  });
  baseUrl = server.url;

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port: server.port,
    secretKey,
    get webhookSecret() {
      return webhooks.secret;
    },
    sessions,
    events: webhooks.events,
    deliveries: webhooks.deliveries,
    setWebhook: webhooks.set,
    buildEvent,
    complete,
    sendEvent,
    dispute,
    refunds,
    requests,
    close: server.close,
  };
};
