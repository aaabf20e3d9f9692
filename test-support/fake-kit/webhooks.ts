import { createHmac } from 'node:crypto';

/** Unix seconds, as webhook signatures carry them. */
export const unixNow = () => Math.floor(Date.now() / 1000);

export const hmacSha256Hex = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** Posts one webhook or callback, kept in `deliveries` with the receiver's status (0 until it answers). */
export const deliver = async <D extends { url: string; status: number }>(
  deliveries: D[],
  delivery: D,
  init: { headers: Record<string, string>; body: string },
): Promise<Response> => {
  deliveries.push(delivery);
  const response = await fetch(delivery.url, { method: 'POST', ...init });
  delivery.status = response.status;
  return response;
};

/** The provider answers first, then notifies: the notice follows the answer (and a failed one is dropped). */
export const afterAnswer = (notify: () => Promise<unknown>) => {
  setTimeout(() => void notify().catch(() => undefined), 20);
};

/** How to send a signed event: by default signed now with the webhook secret, to the registered URL. */
export interface SignedSendOptions {
  /** Signing key; defaults to the fake's webhook secret. */
  secret?: string;
  /** Unix seconds put in the signature and signed; defaults to now. */
  timestamp?: number;
  /** Raw body to send (and sign) instead of the event's JSON. */
  body?: string;
  /** The whole signature header instead of a computed one; null sends none. */
  signature?: string | null;
  /** Another endpoint than the registered one. */
  url?: string;
}

/** One signed webhook delivery attempt. */
export interface SignedDelivery {
  url: string;
  body: string;
  signature: string | null;
  /** The receiver's status, or 0 when it could not be reached. */
  status: number;
}

/** A provider's signed webhooks: where they go, the secret they are signed with, every event and delivery. */
export interface SignedWebhooks<E> {
  readonly url: string | undefined;
  readonly secret: string;
  /** Every event built, oldest first. */
  events: E[];
  deliveries: SignedDelivery[];
  /** Where events go, like an endpoint set up in the dashboard; `secret` replaces the signing secret. */
  set: (url: string, secret?: string) => void;
  /** Keeps an event in `events` and gives it back. */
  record: (event: E) => E;
  /** Sends an event (or any body), signed like the provider unless told otherwise. */
  send: (event: unknown, options?: SignedSendOptions) => Promise<Response>;
}

/** What a fake with signed webhooks (Stripe, Paddle) offers a test. */
export interface SignedWebhookFake<E> {
  /** The secret events are signed with (setWebhook may replace it). */
  readonly webhookSecret: string;
  deliveries: SignedDelivery[];
  /** Where events go, like an endpoint set up in the dashboard; `secret` replaces the signing secret. */
  setWebhook(url: string, secret?: string): void;
  /** An event with fresh ids, not sent. */
  buildEvent(type: string, data: unknown): E;
  /** Sends an event (or any body), signed like the provider unless told otherwise. */
  sendEvent(event: unknown, options?: SignedSendOptions): Promise<Response>;
}

export const signedWebhooks = <E>(provider: {
  /** For error messages, e.g. "fake Stripe". */
  name: string;
  secret: string;
  /** The signature header's name (lower case). */
  header: string;
  sign(body: string, secret: string, timestamp: number): string;
  /** The provider's other request headers. */
  headers: Record<string, string>;
  serialize(event: unknown): string;
}): SignedWebhooks<E> => {
  let url: string | undefined;
  let secret = provider.secret;
  const events: E[] = [];
  const deliveries: SignedDelivery[] = [];
  return {
    get url() {
      return url;
    },
    get secret() {
      return secret;
    },
    events,
    deliveries,
    set: (to, newSecret) => {
      url = to;
      if (newSecret !== undefined) secret = newSecret;
    },
    record: (event) => {
      events.push(event);
      return event;
    },
    send: async (event, options = {}) => {
      const to = options.url ?? url;
      if (!to) throw new Error(`${provider.name}: no webhook URL; call setWebhook(url) first`);
      const body = options.body ?? provider.serialize(event);
      const signature =
        options.signature === undefined
          ? provider.sign(body, options.secret ?? secret, options.timestamp ?? unixNow())
          : options.signature;
      return deliver(
        deliveries,
        { url: to, body, signature, status: 0 },
        {
          headers: { ...provider.headers, ...(signature === null ? {} : { [provider.header]: signature }) },
          body,
        },
      );
    },
  };
};
