import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, PAY_FORM, sendPage } from './fake-kit/page.js';
import { FakeAnswer, jsonAnswers, readRequest, serveFake, type FakeRequest } from './fake-kit/server.js';
import { randomText, show } from './fake-kit/text.js';
import { afterAnswer, hmacSha256Hex, signedWebhooks, type SignedWebhookFake } from './fake-kit/webhooks.js';

/** What our server sent to the fake: the query string, and the JSON of a POST to `/transactions`. */
export type FakePaddleRequest = FakeRequest<Record<string, string>, unknown>;

/** Amounts are strings in the lowest denomination of the currency, as at Paddle. */
export interface PaddleTotals {
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
  credit: string;
  credit_to_balance: string;
  balance: string;
  grand_total: string;
  fee: string | null;
  earnings: string | null;
  currency_code: string;
}

/** A non-catalog price as Paddle returns it inside a transaction item. */
export interface PaddlePrice {
  id: string;
  product_id: string;
  type: 'custom';
  description: string;
  name: string | null;
  billing_cycle: null;
  trial_period: null;
  tax_mode: string;
  unit_price: { amount: string; currency_code: string };
  unit_price_overrides: [];
  quantity: { minimum: number; maximum: number };
  status: 'active';
  custom_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/** A non-catalog product as Paddle returns it in `details.line_items[].product`. */
export interface PaddleProduct {
  id: string;
  name: string;
  description: string | null;
  type: 'custom';
  tax_category: string;
  image_url: string | null;
  custom_data: Record<string, unknown> | null;
  status: 'active';
  created_at: string;
  updated_at: string;
}

/** The transaction fields the fake keeps (a subset of Paddle's entity, same names and types). */
export interface PaddleTransaction {
  id: string;
  status: 'draft' | 'ready' | 'billed' | 'paid' | 'completed' | 'canceled' | 'past_due';
  customer_id: string | null;
  address_id: string | null;
  business_id: string | null;
  custom_data: Record<string, unknown> | null;
  currency_code: string;
  origin: 'api';
  subscription_id: null;
  invoice_id: string | null;
  invoice_number: string | null;
  collection_mode: 'automatic';
  discount_id: null;
  billing_details: null;
  billing_period: null;
  items: { price: PaddlePrice; price_id: string; quantity: number; proration: null }[];
  details: {
    tax_rates_used: {
      tax_rate: string;
      totals: Omit<
        PaddleTotals,
        'credit' | 'credit_to_balance' | 'balance' | 'grand_total' | 'fee' | 'earnings' | 'currency_code'
      >;
    }[];
    totals: PaddleTotals;
    adjusted_totals: PaddleTotals;
    payout_totals: PaddleTotals | null;
    line_items: {
      id: string;
      price_id: string;
      quantity: number;
      proration: null;
      tax_rate: string;
      unit_totals: { subtotal: string; discount: string; tax: string; total: string };
      totals: { subtotal: string; discount: string; tax: string; total: string };
      product: PaddleProduct;
    }[];
  };
  payments: {
    payment_attempt_id: string;
    stored_payment_method_id: string;
    payment_method_id: string;
    amount: string;
    status: 'captured';
    error_code: null;
    method_details: {
      type: 'card';
      card: {
        type: string;
        last4: string;
        expiry_month: number;
        expiry_year: number;
        cardholder_name: string;
      };
    };
    created_at: string;
    captured_at: string;
  }[];
  checkout: { url: string | null };
  created_at: string;
  updated_at: string;
  billed_at: string | null;
  revised_at: null;
}

/** An adjustment (refund, chargeback) as Paddle's notifications carry it (a subset, same names). */
export interface PaddleAdjustment {
  id: string;
  action: 'refund' | 'chargeback';
  transaction_id: string;
  status: 'pending_approval' | 'approved';
  type: 'full' | 'partial';
  reason: string;
  currency_code: string;
  totals: {
    subtotal: string;
    tax: string;
    total: string;
    fee: string;
    earnings: string;
    currency_code: string;
  };
  created_at: string;
  updated_at: string;
}

/** A created transaction with the JSON body it was created from. */
export interface FakePaddleTransactionRecord {
  transaction: PaddleTransaction;
  body: unknown;
}

/** A Paddle Billing notification (webhook body). */
export interface PaddleNotification {
  event_id: string;
  event_type: string;
  occurred_at: string;
  notification_id: string;
  data: unknown;
}

/** A fake Paddle Billing API (transactions) with signed notifications, on 127.0.0.1. */
export interface FakePaddle extends SignedWebhookFake<PaddleNotification> {
  /** Base URL (PADDLE_API_BASE), like https://sandbox-api.paddle.com. */
  url: string;
  /** The only API key the fake accepts (Bearer). */
  apiKey: string;
  /** Created transactions by id. */
  transactions: Map<string, FakePaddleTransactionRecord>;
  /** Every notification the fake built, oldest first. */
  notifications: PaddleNotification[];
  /** Marks the transaction paid and completed (as checkout would) and sends `transaction.completed`. */
  complete(transactionId: string): Promise<Response>;
  /**
   * Adjustments made (`POST /adjustments` for refunds; `chargeback` for a bank's): a refund is created
   * `pending_approval` and approved at once, each step notified (`adjustment.created`, `adjustment.updated`).
   */
  adjustments: PaddleAdjustment[];
  /** A chargeback of a completed transaction, notified as Paddle does (`adjustment.created`, approved). */
  chargeback(transactionId: string): Promise<Response>;
  requests: FakePaddleRequest[];
  close(): Promise<void>;
}

/** Paddle-Signature value: `ts=<unix>;h1=<hex HMAC-SHA256 of "<ts>:<body>" keyed by the endpoint secret>`. */
export const paddleSignatureHeader = (body: string, secret: string, timestamp: number): string =>
  `ts=${timestamp};h1=${hmacSha256Hex(secret, `${timestamp}:${body}`)}`;

/** Paddle's ids: a prefix and 26 lower-case Crockford base32 characters (a ULID). */
const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';
const paddleId = (prefix: string) => `${prefix}_01${randomText(BASE32, 24)}`;
/** RFC 3339 with microseconds, as Paddle writes timestamps. */
const timestamp = (date = new Date()) => date.toISOString().replace(/Z$/, '000Z');

const CURRENCIES = new Set(
  'USD EUR GBP JPY AUD CAD CHF HKD SGD SEK ARS BRL CNY COP CZK DKK HUF ILS INR KRW MXN NOK NZD PLN RUB THB TRY TWD UAH VND ZAR'.split(
    ' ',
  ),
);
const TAX_CATEGORIES = new Set([
  'digital-goods',
  'ebooks',
  'implementation-services',
  'professional-services',
  'saas',
  'software-programming-services',
  'standard',
  'training-services',
  'website-hosting',
]);

/** Paddle answers `application/json` (without a charset). */
const sendPaddle = jsonAnswers({ headers: () => ({ 'content-type': 'application/json' }) });

const sendHtml = (res: ServerResponse, status: number, html: string) =>
  sendPage(res, status, 'Fake Paddle Checkout', html);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paddle's error envelope: `{ error: { type, code, detail, documentation_url, errors? }, meta }`. */
const paddleError = (
  status: number,
  code: string,
  detail: string,
  errors?: { field: string; message: string }[],
) =>
  new FakeAnswer(status, {
    error: {
      type: 'request_error',
      code,
      detail,
      documentation_url: `https://developer.paddle.com/errors/shared/${code}`,
      ...(errors ? { errors } : {}),
    },
    meta: { request_id: randomUUID() },
  });

const badRequest = (errors: { field: string; message: string }[]) =>
  paddleError(400, 'bad_request', 'Invalid request.', errors);

const zeroTotals = { discount: '0', tax: '0', credit: '0', credit_to_balance: '0' };

/** Starts the fake Paddle Billing API: POST /transactions, GET /transactions/:id, and a checkout page at /checkout?_ptxn=. */
export const startFakePaddle = async (): Promise<FakePaddle> => {
  const apiKey = paddleId(`pdl_sdbx_apikey`) + `_${randomUUID().replaceAll('-', '')}`;
  const webhooks = signedWebhooks<PaddleNotification>({
    name: 'fake Paddle',
    secret: paddleId('pdl_ntfset') + `_${randomUUID().replaceAll('-', '')}`,
    header: 'paddle-signature',
    sign: paddleSignatureHeader,
    headers: { 'content-type': 'application/json', 'user-agent': 'Paddle' },
    serialize: (notification) => JSON.stringify(notification),
  });
  const transactions = new Map<string, FakePaddleTransactionRecord>();
  const requests: FakePaddleRequest[] = [];
  let baseUrl = '';

  const authenticate = (req: IncomingMessage) => {
    const header = req.headers.authorization;
    if (!header) throw paddleError(403, 'authentication_missing', 'Authentication header missing.');
    const key = /^Bearer\s+(\S+)$/.exec(header)?.[1];
    if (!key)
      throw paddleError(
        403,
        'authentication_malformed',
        'Authentication header included, but incorrectly formatted.',
      );
    if (key !== apiKey) throw paddleError(403, 'invalid_token', 'Invalid or revoked API key.');
  };

  const createTransaction = (body: unknown): PaddleTransaction => {
    if (!isObject(body))
      throw badRequest([
        { field: '(root)', message: 'Invalid type. Expected: object, given: ' + typeof body },
      ]);
    const errors: { field: string; message: string }[] = [];
    const fail = (field: string, message: string) => errors.push({ field, message });
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0)
      fail('items', 'items is required and must contain at least 1 item');
    const created = timestamp();
    let currency = typeof body.currency_code === 'string' ? body.currency_code : undefined;
    if (currency !== undefined && !CURRENCIES.has(currency))
      fail('currency_code', 'currency_code is not supported');
    const lines = (Array.isArray(items) ? items : []).map((item: unknown, i) => {
      const at = `items[${i}]`;
      if (!isObject(item)) return void fail(at, 'Invalid type. Expected: object');
      if (item.price_id !== undefined)
        return void fail(
          `${at}.price_id`,
          `price ${show(item.price_id)} not found (the fake Paddle has no catalog; use a non-catalog price)`,
        );
      const quantity = item.quantity;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
        fail(`${at}.quantity`, 'quantity is required and must be an integer of at least 1');
      const price = item.price;
      if (!isObject(price)) return void fail(`${at}.price`, 'price or price_id is required');
      if (typeof price.description !== 'string' || price.description.length < 2)
        fail(`${at}.price.description`, 'description is required (2 to 500 characters)');
      if (price.name !== undefined && price.name !== null && typeof price.name !== 'string')
        fail(`${at}.price.name`, 'Invalid type. Expected: string');
      const unit = price.unit_price;
      const amount = isObject(unit) ? unit.amount : undefined;
      const code = isObject(unit) ? unit.currency_code : undefined;
      if (typeof amount !== 'string' || !/^\d+$/.test(amount))
        fail(
          `${at}.price.unit_price.amount`,
          'amount is required: a string of an integer in the lowest denomination',
        );
      if (typeof code !== 'string' || !CURRENCIES.has(code))
        fail(`${at}.price.unit_price.currency_code`, 'currency_code is required and must be supported');
      else if (currency !== undefined && code !== currency)
        fail(
          `${at}.price.unit_price.currency_code`,
          'all items must have the same currency as the transaction',
        );
      else currency = code;
      const quantityLimits = isObject(price.quantity) ? price.quantity : {};
      const minimum = typeof quantityLimits.minimum === 'number' ? quantityLimits.minimum : 1;
      const maximum = typeof quantityLimits.maximum === 'number' ? quantityLimits.maximum : 100;
      if (typeof quantity === 'number' && (quantity < minimum || quantity > maximum))
        fail(`${at}.quantity`, `quantity must be between ${minimum} and ${maximum}`);
      const product = price.product;
      if (price.product_id !== undefined)
        fail(
          `${at}.price.product_id`,
          `product ${show(price.product_id)} not found (the fake Paddle has no catalog)`,
        );
      else if (!isObject(product)) fail(`${at}.price.product`, 'product or product_id is required');
      else {
        if (typeof product.name !== 'string' || product.name.length === 0)
          fail(`${at}.price.product.name`, 'name is required');
        if (typeof product.tax_category !== 'string' || !TAX_CATEGORIES.has(product.tax_category))
          fail(
            `${at}.price.product.tax_category`,
            'tax_category is required and must be a valid tax category',
          );
      }
      if (errors.length > 0 || !isObject(product)) return undefined;
      const productEntity: PaddleProduct = {
        id: paddleId('pro'),
        name: product.name as string,
        description: typeof product.description === 'string' ? product.description : null,
        type: 'custom',
        tax_category: product.tax_category as string,
        image_url: typeof product.image_url === 'string' ? product.image_url : null,
        custom_data: isObject(product.custom_data) ? product.custom_data : null,
        status: 'active',
        created_at: created,
        updated_at: created,
      };
      const priceEntity: PaddlePrice = {
        id: paddleId('pri'),
        product_id: productEntity.id,
        type: 'custom',
        description: price.description as string,
        name: typeof price.name === 'string' ? price.name : null,
        billing_cycle: null,
        trial_period: null,
        tax_mode: typeof price.tax_mode === 'string' ? price.tax_mode : 'account_setting',
        unit_price: { amount: amount as string, currency_code: code as string },
        unit_price_overrides: [],
        quantity: { minimum, maximum },
        status: 'active',
        custom_data: isObject(price.custom_data) ? price.custom_data : null,
        created_at: created,
        updated_at: created,
      };
      return { price: priceEntity, product: productEntity, quantity: quantity as number };
    });
    const customData = body.custom_data;
    if (customData !== undefined && customData !== null && !isObject(customData))
      fail('custom_data', 'Invalid type. Expected: object');
    const checkout = body.checkout;
    let checkoutUrl: string | undefined;
    if (checkout !== undefined && checkout !== null) {
      const given = isObject(checkout) ? checkout.url : undefined;
      if (given !== undefined && given !== null && (typeof given !== 'string' || !URL.canParse(given)))
        fail('checkout.url', 'url must be a valid URL');
      else if (typeof given === 'string') checkoutUrl = given;
    }
    for (const field of ['customer_id', 'address_id', 'business_id'] as const) {
      const value = body[field];
      const prefix = { customer_id: 'ctm_', address_id: 'add_', business_id: 'biz_' }[field];
      if (value !== undefined && value !== null && (typeof value !== 'string' || !value.startsWith(prefix)))
        fail(field, `${field} must be a Paddle ID prefixed with ${prefix}`);
    }
    if (body.collection_mode !== undefined && body.collection_mode !== 'automatic')
      fail('collection_mode', 'the fake Paddle supports collection_mode automatic only');
    if (errors.length > 0) throw badRequest(errors);

    const valid = lines.filter((line) => line !== undefined);
    const id = paddleId('txn');
    const subtotal = valid.reduce(
      (sum, line) => sum + BigInt(line.price.unit_price.amount) * BigInt(line.quantity),
      0n,
    );
    const totals: PaddleTotals = {
      subtotal: String(subtotal),
      ...zeroTotals,
      total: String(subtotal),
      balance: String(subtotal),
      grand_total: String(subtotal),
      fee: null,
      earnings: null,
      currency_code: currency!,
    };
    const customerId = typeof body.customer_id === 'string' ? body.customer_id : null;
    const addressId = typeof body.address_id === 'string' ? body.address_id : null;
    const target = new URL(checkoutUrl ?? `${baseUrl}/checkout`);
    target.searchParams.set('_ptxn', id);
    const transaction: PaddleTransaction = {
      id,
      // Paddle: ready once it has items, customer_id and address_id; draft otherwise (checkout collects them).
      status: customerId !== null && addressId !== null ? 'ready' : 'draft',
      customer_id: customerId,
      address_id: addressId,
      business_id: typeof body.business_id === 'string' ? body.business_id : null,
      custom_data: isObject(customData) ? customData : null,
      currency_code: currency!,
      origin: 'api',
      subscription_id: null,
      invoice_id: null,
      invoice_number: null,
      collection_mode: 'automatic',
      discount_id: null,
      billing_details: null,
      billing_period: null,
      items: valid.map((line) => ({
        price: line.price,
        price_id: line.price.id,
        quantity: line.quantity,
        proration: null,
      })),
      details: {
        tax_rates_used: [
          {
            tax_rate: '0',
            totals: { subtotal: totals.subtotal, discount: '0', tax: '0', total: totals.total },
          },
        ],
        totals,
        adjusted_totals: totals,
        payout_totals: null,
        line_items: valid.map((line) => {
          const lineTotal = String(BigInt(line.price.unit_price.amount) * BigInt(line.quantity));
          return {
            id: paddleId('txnitm'),
            price_id: line.price.id,
            quantity: line.quantity,
            proration: null,
            tax_rate: '0',
            unit_totals: {
              subtotal: line.price.unit_price.amount,
              discount: '0',
              tax: '0',
              total: line.price.unit_price.amount,
            },
            totals: { subtotal: lineTotal, discount: '0', tax: '0', total: lineTotal },
            product: line.product,
          };
        }),
      },
      payments: [],
      checkout: { url: target.toString() },
      created_at: created,
      updated_at: created,
      billed_at: null,
      revised_at: null,
    };
    transactions.set(id, { transaction, body });
    return transaction;
  };

  const buildEvent = (eventType: string, data: unknown): PaddleNotification =>
    webhooks.record({
      event_id: paddleId('evt'),
      event_type: eventType,
      occurred_at: timestamp(),
      notification_id: paddleId('ntf'),
      data: structuredClone(data),
    });
  const sendEvent = webhooks.send;

  const markCompleted = (transactionId: string): PaddleTransaction => {
    const record = transactions.get(transactionId);
    if (!record) throw new Error(`fake Paddle: no transaction ${transactionId}`);
    const { transaction } = record;
    if (transaction.status !== 'draft' && transaction.status !== 'ready')
      throw new Error(`fake Paddle: transaction ${transactionId} is ${transaction.status}`);
    const at = timestamp();
    const grand = BigInt(transaction.details.totals.grand_total);
    const fee = (grand * 5n) / 100n + 50n;
    Object.assign(transaction, {
      status: 'completed',
      customer_id: transaction.customer_id ?? paddleId('ctm'),
      address_id: transaction.address_id ?? paddleId('add'),
      invoice_id: paddleId('inv'),
      invoice_number: `${randomInt(100, 999)}-${randomInt(10_000, 99_999)}`,
      billed_at: at,
      updated_at: at,
      payments: [
        {
          payment_attempt_id: randomUUID(),
          stored_payment_method_id: randomUUID(),
          payment_method_id: paddleId('paymtd'),
          amount: transaction.details.totals.grand_total,
          status: 'captured',
          error_code: null,
          method_details: {
            type: 'card',
            card: {
              type: 'visa',
              last4: '4242',
              expiry_month: 1,
              expiry_year: new Date().getUTCFullYear() + 3,
              cardholder_name: 'Test Buyer',
            },
          },
          created_at: at,
          captured_at: at,
        },
      ],
    } satisfies Partial<PaddleTransaction>);
    transaction.details.totals.fee = String(fee > grand ? grand : fee);
    transaction.details.totals.earnings = String(fee > grand ? 0n : grand - fee);
    transaction.details.adjusted_totals = transaction.details.totals;
    return transaction;
  };

  const complete = async (transactionId: string) =>
    sendEvent(buildEvent('transaction.completed', markCompleted(transactionId)));

  const adjustments: PaddleAdjustment[] = [];
  const newAdjustment = (
    transactionId: string,
    action: PaddleAdjustment['action'],
    cents: string | null,
    reason: string,
  ): PaddleAdjustment => {
    const found = transactions.get(transactionId);
    if (!found || found.transaction.status !== 'completed')
      throw badRequest([{ field: 'transaction_id', message: 'transaction must be completed' }]);
    const total = cents ?? found.transaction.details.totals.grand_total;
    const at = timestamp();
    const adjustment: PaddleAdjustment = {
      id: paddleId('adj'),
      action,
      transaction_id: transactionId,
      status: action === 'refund' ? 'pending_approval' : 'approved',
      type: cents === null ? 'full' : 'partial',
      reason,
      currency_code: found.transaction.currency_code,
      totals: {
        subtotal: total,
        tax: '0',
        total,
        fee: '0',
        earnings: total,
        currency_code: found.transaction.currency_code,
      },
      created_at: at,
      updated_at: at,
    };
    adjustments.push(adjustment);
    return adjustment;
  };

  const createAdjustment = (body: unknown) => {
    const input = (body ?? {}) as {
      action?: unknown;
      transaction_id?: unknown;
      reason?: unknown;
      type?: unknown;
      items?: { amount?: string }[];
    };
    if (
      input.action !== 'refund' ||
      typeof input.transaction_id !== 'string' ||
      typeof input.reason !== 'string'
    )
      throw badRequest([
        { field: '(root)', message: 'action refund, transaction_id and reason are required' },
      ]);
    const partial = input.type === 'partial' ? (input.items?.[0]?.amount ?? '0') : null;
    const adjustment = newAdjustment(input.transaction_id, 'refund', partial, input.reason);
    // Paddle answers, notifies the new adjustment, then its approval.
    afterAnswer(async () => {
      await sendEvent(buildEvent('adjustment.created', adjustment));
      Object.assign(adjustment, { status: 'approved', updated_at: timestamp() });
      await sendEvent(buildEvent('adjustment.updated', adjustment));
    });
    return structuredClone(adjustment);
  };

  const chargeback = (transactionId: string) =>
    sendEvent(
      buildEvent('adjustment.created', newAdjustment(transactionId, 'chargeback', null, 'chargeback')),
    );

  const api = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    method: string,
    record: FakePaddleRequest,
    raw: string,
  ) => {
    authenticate(req);
    if (path === '/transactions' && method === 'POST') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        throw badRequest([
          { field: '(root)', message: 'request body must be JSON (content-type: application/json)' },
        ]);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw paddleError(400, 'invalid_json', 'Invalid JSON in request body.');
      }
      record.body = body;
      return sendPaddle(res, 201, { data: createTransaction(body), meta: { request_id: randomUUID() } });
    }
    if (path === '/adjustments' && method === 'POST')
      return sendPaddle(res, 201, {
        data: createAdjustment(JSON.parse(raw || '{}')),
        meta: { request_id: randomUUID() },
      });
    const match = /^\/transactions\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const found = transactions.get(decodeURIComponent(match[1]!));
      if (!found) throw paddleError(404, 'not_found', `Entity ${match[1]} not found`);
      return sendPaddle(res, 200, { data: found.transaction, meta: { request_id: randomUUID() } });
    }
    throw paddleError(404, 'not_found', `Route ${method} ${path} not found`);
  };

  /** A minimal stand-in for the page that opens Paddle.js with ?_ptxn=: Pay completes the transaction. */
  const checkoutPage = async (
    res: ServerResponse,
    id: string | null,
    method: string,
    form: URLSearchParams,
  ) => {
    const record = id === null ? undefined : transactions.get(id);
    if (!record) return sendHtml(res, 404, '<h1>Something went wrong</h1><p>Unknown transaction.</p>');
    const { transaction } = record;
    if (
      method === 'POST' &&
      form.get('action') === 'pay' &&
      (transaction.status === 'draft' || transaction.status === 'ready')
    ) {
      markCompleted(transaction.id);
      if (webhooks.url)
        await sendEvent(buildEvent('transaction.completed', transaction)).catch(() => undefined);
    }
    if (transaction.status === 'completed') return sendHtml(res, 200, '<h1>Payment successful</h1>');
    const { grand_total: total, currency_code: currency } = transaction.details.totals;
    sendHtml(
      res,
      200,
      `<h1>Pay ${escapeHtml(`${(Number(total) / 100).toFixed(2)} ${currency}`)}</h1>` + PAY_FORM,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { url, method, headers, raw } = await readRequest(req);
    const record: FakePaddleRequest = { method, path: url.pathname, headers };
    if (url.search) record.query = Object.fromEntries(url.searchParams);
    requests.push(record);

    if (url.pathname === '/checkout')
      return checkoutPage(res, url.searchParams.get('_ptxn'), method, new URLSearchParams(raw));
    api(req, res, url.pathname, method, record, raw);
  };

  const server = await serveFake(handle, {
    internalError: (error) => ({
      error: { type: 'api_error', code: 'internal_error', detail: `fake Paddle: ${String(error)}` },
      meta: { request_id: randomUUID() },
    }),
    send: sendPaddle,
  });
  baseUrl = server.url;

  return {
    url: baseUrl,
    apiKey,
    get webhookSecret() {
      return webhooks.secret;
    },
    transactions,
    notifications: webhooks.events,
    deliveries: webhooks.deliveries,
    setWebhook: webhooks.set,
    buildEvent,
    complete,
    sendEvent,
    adjustments,
    chargeback,
    requests,
    close: server.close,
  };
};
