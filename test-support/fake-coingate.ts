import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, redirect, sendPage } from './fake-kit/page.js';
import { FakeAnswer, readRequest, sendJson, serveFake, type FakeRequest } from './fake-kit/server.js';
import { deliver } from './fake-kit/webhooks.js';

/** What our server sent to the fake: the query string, and a POST's JSON or form. */
export type FakeCoinGateRequest = FakeRequest<Record<string, string>, Record<string, unknown>>;

/** CoinGate order statuses. */
export type CoinGateStatus =
  | 'new'
  | 'pending'
  | 'confirming'
  | 'paid'
  | 'invalid'
  | 'expired'
  | 'canceled'
  | 'refunded'
  | 'partially_refunded';

const STATUSES: readonly CoinGateStatus[] = [
  'new',
  'pending',
  'confirming',
  'paid',
  'invalid',
  'expired',
  'canceled',
  'refunded',
  'partially_refunded',
];

/** The order fields the fake keeps (a subset of CoinGate's API v2 order, same names and types). */
export interface CoinGateOrder {
  id: number;
  status: CoinGateStatus;
  title: string;
  do_not_convert: boolean;
  orderable_type: 'ApiApp';
  orderable_id: number;
  price_currency: string;
  /** Decimal string, e.g. "19.99" or "20.0". */
  price_amount: string;
  pay_currency?: string;
  pay_amount?: string;
  lightning_network: false;
  receive_currency: string;
  /** Empty until the order is paid. */
  receive_amount: string;
  created_at: string;
  expire_at: string;
  paid_at?: string;
  order_id: string | null;
  payment_url: string;
  underpaid_amount: string;
  overpaid_amount: string;
  is_refundable: boolean;
  refunds: [];
  voids: [];
  fees: [];
  token: string;
}

/** A created order, with its parameters and the URLs CoinGate keeps but does not return. */
export interface FakeCoinGateOrderRecord {
  order: CoinGateOrder;
  params: Record<string, unknown>;
  callbackUrl: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
}

/** One callback delivery of the fake. */
export interface FakeCoinGateDelivery {
  url: string;
  fields: Record<string, string>;
  /** The receiver's status. */
  status: number;
}

/** A fake CoinGate API v2 (orders) with payment callbacks, on 127.0.0.1. */
export interface FakeCoinGate {
  /** Base URL (COINGATE_API_BASE), like https://api-sandbox.coingate.com; the API lives under /v2. */
  url: string;
  /** The only API token the fake accepts (`Authorization: Token …`, or Bearer). */
  apiToken: string;
  /** Created orders by CoinGate id. */
  orders: Map<number, FakeCoinGateOrderRecord>;
  deliveries: FakeCoinGateDelivery[];
  /** The form fields CoinGate would post for the order's current state. */
  callbackFields(id: number): Record<string, string>;
  /** Sets the order's status (paid by default, with pay and receive amounts) and posts the callback to its callback_url. */
  complete(id: number, status?: CoinGateStatus): Promise<Response>;
  /** Refunds a paid order (as in CoinGate's dashboard) and posts the `refunded` callback. */
  refund(id: number): Promise<Response>;
  /** Posts exactly these form fields to the order's callback_url (or `url`), for forged or replayed callbacks. */
  sendCallback(id: number, fields: Record<string, string>, options?: { url?: string }): Promise<Response>;
  requests: FakeCoinGateRequest[];
  close(): Promise<void>;
}

const ORDER_LIFETIME_MS = 20 * 60_000;
/** A made-up exchange rate for pay amounts: one BTC in any fiat currency. */
const BTC_PRICE = 50_000;
const FEE_RATE = 0.01;
const CRYPTO = new Set(['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC', 'TRX', 'SOL', 'DOGE', 'XRP', 'BNB']);
const FIAT = new Set(Intl.supportedValuesOf('currency'));

/** CoinGate's time format: seconds and a +00:00 offset. */
const timestamp = (ms = Date.now()) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const sendHtml = (res: ServerResponse, status: number, html: string) =>
  sendPage(res, status, 'Fake CoinGate Invoice', html);

/** "19.990" → "19.99", "20" → "20.0", as CoinGate prints decimals. */
const decimal = (value: string): string | undefined => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '') || '0';
  return `${BigInt(match[1]!)}.${fraction}`;
};

const crypto = (amount: number) => amount.toFixed(8).replace(/0+$/, '').replace(/\.$/, '.0');

/** CoinGate's error answer: `{ message, reason, errors? }`. */
const coinGateError = (status: number, body: { message: string; reason: string; errors?: string[] }) =>
  new FakeAnswer(status, body);

/** CoinGate takes a JSON object or a form. */
const parseBody = (raw: string, contentType: string): Record<string, unknown> => {
  if (!contentType.startsWith('application/json')) return Object.fromEntries(new URLSearchParams(raw));
  let parsed: unknown;
  try {
    parsed = raw === '' ? {} : JSON.parse(raw);
  } catch {
    throw coinGateError(400, { message: 'Bad request', reason: 'BadRequest' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw coinGateError(400, { message: 'Bad request', reason: 'BadRequest' });
  return parsed as Record<string, unknown>;
};

/** Starts the fake CoinGate: POST /v2/orders, GET /v2/orders/:id, and an invoice page at /invoice/:uuid. */
export const startFakeCoinGate = async (): Promise<FakeCoinGate> => {
  const apiToken = randomBytes(21).toString('base64url').slice(0, 28);
  const orders = new Map<number, FakeCoinGateOrderRecord>();
  const deliveries: FakeCoinGateDelivery[] = [];
  const requests: FakeCoinGateRequest[] = [];
  const appId = randomInt(1_000, 9_999);
  let nextId = randomInt(100_000, 900_000);
  let baseUrl = '';

  const authenticate = (req: IncomingMessage) => {
    const token = /^(?:Token|Bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (token !== apiToken) throw coinGateError(401, { message: 'Unauthorized', reason: 'BadAuthToken' });
  };

  const createOrder = (params: Record<string, unknown>): CoinGateOrder => {
    const text = (name: string) => {
      const value = params[name];
      return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
    };
    const errors: string[] = [];
    const priceRaw = text('price_amount');
    const price = priceRaw === undefined || priceRaw === '' ? undefined : decimal(priceRaw);
    if (priceRaw === undefined || priceRaw === '') errors.push("Price amount can't be blank");
    else if (price === undefined) errors.push('Price amount is not a number');
    else if (Number(price) <= 0) errors.push('Price amount must be greater than 0');
    const priceCurrency = text('price_currency')?.toUpperCase();
    if (!priceCurrency) errors.push("Price currency can't be blank");
    else if (!FIAT.has(priceCurrency) && !CRYPTO.has(priceCurrency))
      errors.push('Price currency is not valid');
    const receiveCurrency = text('receive_currency')?.toUpperCase() || priceCurrency || 'EUR';
    if (receiveCurrency !== 'DO_NOT_CONVERT' && !FIAT.has(receiveCurrency) && !CRYPTO.has(receiveCurrency))
      errors.push('Receive currency is not valid');
    const title = text('title');
    if (title !== undefined && (title.length < 3 || title.length > 150))
      errors.push('Title is the wrong length (should be 3 to 150 characters)');
    const description = text('description');
    if (description !== undefined && (description.length < 3 || description.length > 500))
      errors.push('Description is the wrong length (should be 3 to 500 characters)');
    const url = (name: string, label: string) => {
      const value = text(name);
      if (value === undefined || value === '') return null;
      if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) errors.push(`${label} is not a valid URL`);
      return value;
    };
    const callbackUrl = url('callback_url', 'Callback url');
    const successUrl = url('success_url', 'Success url');
    const cancelUrl = url('cancel_url', 'Cancel url');
    if (errors.length > 0)
      throw coinGateError(422, { message: 'Order is not valid', reason: 'OrderIsNotValid', errors });

    const id = nextId++;
    const created = Date.now();
    const order: CoinGateOrder = {
      id,
      status: 'new',
      title: title ?? '',
      do_not_convert: receiveCurrency === 'DO_NOT_CONVERT',
      orderable_type: 'ApiApp',
      orderable_id: appId,
      price_currency: priceCurrency!,
      price_amount: price!,
      lightning_network: false,
      receive_currency: receiveCurrency,
      receive_amount: '',
      created_at: timestamp(created),
      expire_at: timestamp(created + ORDER_LIFETIME_MS),
      order_id: text('order_id') ?? null,
      payment_url: `${baseUrl}/invoice/${randomUUID()}`,
      underpaid_amount: '0',
      overpaid_amount: '0',
      is_refundable: false,
      refunds: [],
      voids: [],
      fees: [],
      token: text('token') || randomBytes(22).toString('base64url').slice(0, 30),
    };
    orders.set(id, { order, params, callbackUrl, successUrl, cancelUrl });
    return order;
  };

  const find = (id: number) => {
    const record = orders.get(id);
    if (!record) throw new Error(`fake CoinGate: no order ${id}`);
    return record;
  };

  const amounts = (order: CoinGateOrder) => {
    const price = Number(order.price_amount);
    const inBtc = CRYPTO.has(order.price_currency) ? price : price / BTC_PRICE;
    const payCurrency = CRYPTO.has(order.price_currency) ? order.price_currency : 'BTC';
    const receive =
      order.receive_currency === order.price_currency
        ? price * (1 - FEE_RATE)
        : CRYPTO.has(order.receive_currency) || order.do_not_convert
          ? inBtc * (1 - FEE_RATE)
          : price * (1 - FEE_RATE);
    const receiveAmount =
      CRYPTO.has(order.receive_currency) || order.do_not_convert ? crypto(receive) : receive.toFixed(2);
    return { payCurrency, payAmount: crypto(inBtc), receiveAmount };
  };

  const callbackFields = (id: number): Record<string, string> => {
    const { order } = find(id);
    const { receiveAmount } = amounts(order);
    return {
      id: String(order.id),
      order_id: order.order_id ?? '',
      status: order.status,
      pay_amount: order.pay_amount ?? '',
      pay_currency: order.pay_currency ?? '',
      price_amount: order.price_amount,
      price_currency: order.price_currency,
      receive_currency: order.receive_currency,
      receive_amount: order.status === 'new' ? '' : order.receive_amount || receiveAmount,
      created_at: order.created_at,
      token: order.token,
      underpaid_amount: order.underpaid_amount,
      overpaid_amount: order.overpaid_amount,
      is_refundable: String(order.is_refundable),
    };
  };

  const sendCallback = async (id: number, fields: Record<string, string>, options: { url?: string } = {}) => {
    const url = options.url ?? find(id).callbackUrl;
    if (!url) throw new Error(`fake CoinGate: order ${id} has no callback_url`);
    return deliver(
      deliveries,
      { url, fields: { ...fields }, status: 0 },
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      },
    );
  };

  const setStatus = (id: number, status: CoinGateStatus) => {
    if (!STATUSES.includes(status)) throw new Error(`fake CoinGate: unknown status ${status}`);
    const { order } = find(id);
    order.status = status;
    if (status !== 'new' && order.pay_currency === undefined) {
      const { payCurrency, payAmount } = amounts(order);
      order.pay_currency = payCurrency;
      order.pay_amount = payAmount;
    }
    if (status === 'paid') {
      order.receive_amount = amounts(order).receiveAmount;
      order.paid_at = timestamp();
      order.is_refundable = true;
    }
  };

  const complete = async (id: number, status: CoinGateStatus = 'paid') => {
    const { callbackUrl } = find(id);
    if (!callbackUrl) throw new Error(`fake CoinGate: order ${id} has no callback_url`);
    setStatus(id, status);
    return sendCallback(id, callbackFields(id));
  };

  const api = (res: ServerResponse, path: string, method: string, record: FakeCoinGateRequest) => {
    if (path === '/v2/orders' && method === 'POST') return sendJson(res, 200, createOrder(record.body ?? {}));
    const match = /^\/v2\/orders\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const found = /^\d+$/.test(match[1]!) ? orders.get(Number(match[1])) : undefined;
      if (!found) throw coinGateError(404, { message: 'Order not found', reason: 'OrderNotFound' });
      return sendJson(res, 200, found.order);
    }
    throw coinGateError(404, { message: 'Page not found', reason: 'PageNotFound' });
  };

  /** A minimal invoice page: Pay marks the order paid, Cancel cancels it; both post the callback and redirect. */
  const invoicePage = async (res: ServerResponse, uuid: string, method: string, form: URLSearchParams) => {
    const record = [...orders.values()].find((entry) => entry.order.payment_url.endsWith(`/invoice/${uuid}`));
    if (!record) return sendHtml(res, 404, '<h1>Invoice not found</h1>');
    const { order } = record;
    const action = form.get('action');
    if (method === 'POST' && order.status === 'new' && (action === 'pay' || action === 'cancel')) {
      setStatus(order.id, action === 'pay' ? 'paid' : 'canceled');
      if (record.callbackUrl) await sendCallback(order.id, callbackFields(order.id)).catch(() => undefined);
      const next = action === 'pay' ? record.successUrl : record.cancelUrl;
      if (next) return redirect(res, next);
    }
    if (order.status !== 'new') return sendHtml(res, 200, `<h1>Invoice ${escapeHtml(order.status)}</h1>`);
    sendHtml(
      res,
      200,
      `<h1>Pay ${escapeHtml(`${order.price_amount} ${order.price_currency}`)}</h1><p>${escapeHtml(order.title)}</p>` +
        `<form method="post"><button type="submit" name="action" value="pay">Pay</button>` +
        `<button type="submit" name="action" value="cancel">Cancel</button></form>`,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { url, method, headers, raw } = await readRequest(req);
    const record: FakeCoinGateRequest = { method, path: url.pathname, headers };
    if (url.search) record.query = Object.fromEntries(url.searchParams);
    requests.push(record);

    const invoice = /^\/invoice\/([^/]+)$/.exec(url.pathname);
    if (invoice) return invoicePage(res, invoice[1]!, method, new URLSearchParams(raw));
    if (url.pathname.startsWith('/v2/')) authenticate(req);
    if (method === 'POST') record.body = parseBody(raw, headers['content-type'] ?? '');
    api(res, url.pathname, method, record);
  };

  const server = await serveFake(handle, {
    internalError: (error) => ({ message: `fake CoinGate: ${String(error)}`, reason: 'InternalError' }),
  });
  baseUrl = server.url;

  return {
    url: baseUrl,
    apiToken,
    orders,
    deliveries,
    callbackFields,
    complete,
    refund: (id) => complete(id, 'refunded'),
    sendCallback,
    requests,
    close: server.close,
  };
};
