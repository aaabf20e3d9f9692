import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveFake } from './fake-server.js';

/** What our server sent to the fake, in order. */
export interface FakePaddleRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  query?: Record<string, string>;
  /** The parsed JSON body of a POST or PATCH. */
  body?: unknown;
}

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

/** How to send a notification: by default signed now with the notification secret, to the registered URL. */
export interface FakePaddleSendOptions {
  /** Signing key; defaults to the fake's webhookSecret. */
  secret?: string;
  /** Unix seconds put in `ts=` and signed; defaults to now. */
  timestamp?: number;
  /** Raw body to send (and sign) instead of the notification's JSON. */
  body?: string;
  /** The whole Paddle-Signature header instead of a computed one; null sends none. */
  signature?: string | null;
  /** Another destination than the registered one. */
  url?: string;
}

/** One notification delivery attempt of the fake. */
export interface FakePaddleDelivery {
  url: string;
  body: string;
  signature: string | null;
  /** The receiver's status. */
  status: number;
}

/** A fake Paddle Billing API (transactions) with signed notifications, on 127.0.0.1. */
export interface FakePaddle {
  /** Base URL (PADDLE_API_BASE), like https://sandbox-api.paddle.com. */
  url: string;
  /** The only API key the fake accepts (Bearer). */
  apiKey: string;
  /** The endpoint secret key notifications are signed with (setWebhook may replace it). */
  readonly webhookSecret: string;
  /** Created transactions by id. */
  transactions: Map<string, FakePaddleTransactionRecord>;
  /** Every notification the fake built, oldest first. */
  notifications: PaddleNotification[];
  deliveries: FakePaddleDelivery[];
  /** The notification destination, like one set up in the dashboard; `secret` replaces the signing secret. */
  setWebhook(url: string, secret?: string): void;
  /** A notification with fresh ids, not sent. */
  buildEvent(eventType: string, data: unknown): PaddleNotification;
  /** Marks the transaction paid and completed (as checkout would) and sends `transaction.completed`. */
  complete(transactionId: string): Promise<Response>;
  /** Sends a notification (or any body), signed like Paddle unless told otherwise. */
  sendEvent(notification: unknown, options?: FakePaddleSendOptions): Promise<Response>;
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
  `ts=${timestamp};h1=${createHmac('sha256', secret).update(`${timestamp}:${body}`, 'utf8').digest('hex')}`;

/** Paddle's ids: a prefix and 26 lower-case Crockford base32 characters (a ULID). */
const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';
const base32 = (length: number) => Array.from({ length }, () => BASE32[randomInt(BASE32.length)]).join('');
const paddleId = (prefix: string) => `${prefix}_01${base32(24)}`;
/** RFC 3339 with microseconds, as Paddle writes timestamps. */
const timestamp = (date = new Date()) => date.toISOString().replace(/Z$/, '000Z');
const now = () => Math.floor(Date.now() / 1000);

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

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const sendHtml = (res: ServerResponse, status: number, html: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>Fake Paddle Checkout</title></head><body>${html}</body></html>`,
  );
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A value for an error message. */
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class PaddleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(detail);
  }
}

const badRequest = (errors: { field: string; message: string }[]) =>
  new PaddleApiError(400, 'bad_request', 'Invalid request.', errors);

const zeroTotals = { discount: '0', tax: '0', credit: '0', credit_to_balance: '0' };

/** Starts the fake Paddle Billing API: POST /transactions, GET /transactions/:id, and a checkout page at /checkout?_ptxn=. */
export const startFakePaddle = async (): Promise<FakePaddle> => {
  const apiKey = paddleId(`pdl_sdbx_apikey`) + `_${randomUUID().replaceAll('-', '')}`;
  let webhookSecret = paddleId('pdl_ntfset') + `_${randomUUID().replaceAll('-', '')}`;
  const transactions = new Map<string, FakePaddleTransactionRecord>();
  const notifications: PaddleNotification[] = [];
  const deliveries: FakePaddleDelivery[] = [];
  const requests: FakePaddleRequest[] = [];
  let webhookUrl: string | undefined;
  let baseUrl = '';

  const authenticate = (req: IncomingMessage) => {
    const header = req.headers.authorization;
    if (!header) throw new PaddleApiError(403, 'authentication_missing', 'Authentication header missing.');
    const key = /^Bearer\s+(\S+)$/.exec(header)?.[1];
    if (!key)
      throw new PaddleApiError(
        403,
        'authentication_malformed',
        'Authentication header included, but incorrectly formatted.',
      );
    if (key !== apiKey) throw new PaddleApiError(403, 'invalid_token', 'Invalid or revoked API key.');
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

  const buildEvent = (eventType: string, data: unknown): PaddleNotification => {
    const notification: PaddleNotification = {
      event_id: paddleId('evt'),
      event_type: eventType,
      occurred_at: timestamp(),
      notification_id: paddleId('ntf'),
      data: structuredClone(data),
    };
    notifications.push(notification);
    return notification;
  };

  const sendEvent = async (notification: unknown, options: FakePaddleSendOptions = {}): Promise<Response> => {
    const url = options.url ?? webhookUrl;
    if (!url) throw new Error('fake Paddle: no notification destination; call setWebhook(url) first');
    const body = options.body ?? JSON.stringify(notification);
    const signature =
      options.signature === undefined
        ? paddleSignatureHeader(body, options.secret ?? webhookSecret, options.timestamp ?? now())
        : options.signature;
    const delivery: FakePaddleDelivery = { url, body, signature, status: 0 };
    deliveries.push(delivery);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Paddle',
        ...(signature === null ? {} : { 'paddle-signature': signature }),
      },
      body,
    });
    delivery.status = response.status;
    return response;
  };

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
    setTimeout(() => {
      void (async () => {
        await sendEvent(buildEvent('adjustment.created', adjustment));
        Object.assign(adjustment, { status: 'approved', updated_at: timestamp() });
        await sendEvent(buildEvent('adjustment.updated', adjustment));
      })().catch(() => undefined);
    }, 20);
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
        throw new PaddleApiError(400, 'invalid_json', 'Invalid JSON in request body.');
      }
      record.body = body;
      return sendJson(res, 201, { data: createTransaction(body), meta: { request_id: randomUUID() } });
    }
    if (path === '/adjustments' && method === 'POST')
      return sendJson(res, 201, {
        data: createAdjustment(JSON.parse(raw || '{}')),
        meta: { request_id: randomUUID() },
      });
    const match = /^\/transactions\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const found = transactions.get(decodeURIComponent(match[1]!));
      if (!found) throw new PaddleApiError(404, 'not_found', `Entity ${match[1]} not found`);
      return sendJson(res, 200, { data: found.transaction, meta: { request_id: randomUUID() } });
    }
    throw new PaddleApiError(404, 'not_found', `Route ${method} ${path} not found`);
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
      if (webhookUrl)
        await sendEvent(buildEvent('transaction.completed', transaction)).catch(() => undefined);
    }
    if (transaction.status === 'completed') return sendHtml(res, 200, '<h1>Payment successful</h1>');
    const { grand_total: total, currency_code: currency } = transaction.details.totals;
    sendHtml(
      res,
      200,
      `<h1>Pay ${escapeHtml(`${(Number(total) / 100).toFixed(2)} ${currency}`)}</h1>` +
        `<form method="post"><input type="hidden" name="action" value="pay"><button type="submit">Pay</button></form>`,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
      ),
    );
    const record: FakePaddleRequest = { method, path: url.pathname, headers };
    if (url.search) record.query = Object.fromEntries(url.searchParams);
    const raw = method === 'GET' ? '' : await readBody(req);
    requests.push(record);

    if (url.pathname === '/checkout')
      return checkoutPage(res, url.searchParams.get('_ptxn'), method, new URLSearchParams(raw));
    try {
      api(req, res, url.pathname, method, record, raw);
    } catch (error) {
      if (!(error instanceof PaddleApiError)) throw error;
      sendJson(res, error.status, {
        error: {
          type: 'request_error',
          code: error.code,
          detail: error.detail,
          documentation_url: `https://developer.paddle.com/errors/shared/${error.code}`,
          ...(error.errors ? { errors: error.errors } : {}),
        },
        meta: { request_id: randomUUID() },
      });
    }
  };

  const { server, url: listening } = await serveFake(handle, (error) => ({
    error: { type: 'api_error', code: 'internal_error', detail: `fake Paddle: ${String(error)}` },
    meta: { request_id: randomUUID() },
  }));
  baseUrl = listening;

  return {
    url: baseUrl,
    apiKey,
    get webhookSecret() {
      return webhookSecret;
    },
    transactions,
    notifications,
    deliveries,
    setWebhook: (url, secret) => {
      webhookUrl = url;
      if (secret !== undefined) webhookSecret = secret;
    },
    buildEvent,
    complete,
    sendEvent,
    adjustments,
    chargeback,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};
