import type { FastifyInstance } from 'fastify';
import { paymentReturnPath, z } from '@proxydesk/contract';
import { findInvoiceById, recordWebhookRefusal, type Db } from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import type { WebhookVerifier } from './gateway.js';
import type { PaymentService } from './payment.service.js';
import { SANDBOX_SIGNATURE_HEADER, sandboxPaidEvent } from './sandbox.js';
import { sandboxPage } from './sandbox-page.js';

/** What a provider reads back: the event's outcome (paid, duplicate, ignored, …). */
const webhookAnswerSchema = z.object({ detail: z.string() });

/** Webhooks carry small JSON or form bodies; anything larger is not a provider's. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /v1/webhooks/{provider}` (DESIGN.md §2): the raw body goes to the provider's verifier; 2xx once
 * the event is safely recorded (duplicates too), 400 for a bad signature, never 3xx or 401. Also the
 * sandbox gateway's hosted page, whose Pay button posts a signed event to the same webhook.
 */
export const webhookRoutes = async (
  app: FastifyInstance,
  deps: {
    db: Db;
    payments: PaymentService;
    verifiers: Map<string, WebhookVerifier>;
    sandboxSecret: string | null;
    brand: string;
    /** What became of each notification of a known provider (metrics). */
    onOutcome?: (provider: string, outcome: string) => void;
  },
): Promise<void> => {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.post<{ Params: { provider: string } }>(
      '/v1/webhooks/:provider',
      {
        schema: {
          summary: 'Payment provider notifications (stripe, paddle, coingate, sandbox)',
          tags: ['payments'],
          security: [],
          response: { 200: webhookAnswerSchema },
        },
      },
      async (request) => {
        const { provider } = request.params;
        const verify = deps.verifiers.get(provider);
        if (!verify) throw new HttpError(404, 'Unknown payment provider');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let unreadable: string | undefined;
        try {
          // Whatever a verifier throws, synchronously or not, a notification it cannot read is a 400.
          const event = await Promise.resolve()
            .then(() => verify(raw, request.headers))
            .catch((error: unknown) => {
              if (error instanceof HttpError) throw error;
              request.log.warn({ err: error, provider }, 'webhook refused');
              unreadable = error instanceof Error ? error.message : String(error);
              throw new HttpError(400, 'Not a valid notification');
            });
          const outcome = await deps.payments.receive(provider, event);
          deps.onOutcome?.(provider, outcome);
          return { detail: outcome };
        } catch (error) {
          const refused = error instanceof HttpError && error.statusCode < 500;
          deps.onOutcome?.(provider, refused ? 'refused' : 'error');
          // Counted per day for the console's overview (issue #17 §2); the answer does not wait on it.
          if (refused)
            void recordWebhookRefusal(deps.db, provider, unreadable ?? error.message).catch(
              (failure: unknown) =>
                request.log.warn({ err: failure, provider }, 'webhook refusal not counted'),
            );
          throw error;
        }
      },
    );

    const secret = deps.sandboxSecret;
    if (!secret) return done();
    /** The sandbox pays only what was checked out with it: never a balance or a real provider's invoice. */
    const sandboxInvoice = async (id: string) => {
      const invoice = await findInvoiceById(deps.db, id);
      return invoice?.paymentMethod === 'sandbox' ? invoice : undefined;
    };

    scope.get<{ Params: { invoiceId: string } }>(
      '/sandbox/pay/:invoiceId',
      { schema: { hide: true } },
      async (request, reply) => {
        const invoice = await sandboxInvoice(request.params.invoiceId);
        return reply
          .status(invoice ? 200 : 404)
          .type('text/html; charset=utf-8')
          .send(sandboxPage(deps.brand, invoice));
      },
    );

    scope.post<{ Params: { invoiceId: string } }>(
      '/sandbox/pay/:invoiceId',
      { schema: { hide: true } },
      async (request, reply) => {
        const invoice = await sandboxInvoice(request.params.invoiceId);
        if (!invoice)
          return reply.status(404).type('text/html; charset=utf-8').send(sandboxPage(deps.brand, undefined));
        const action = new URLSearchParams(
          Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '',
        ).get('action');
        if (action === 'pay' && !invoice.paid) {
          // Like a real provider: a signed event to our own webhook, through the same route and checks.
          const { body, signature } = sandboxPaidEvent(secret, invoice);
          const answer = await scope.inject({
            method: 'POST',
            url: '/v1/webhooks/sandbox',
            headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
            payload: body,
          });
          if (answer.statusCode !== 200) throw new Error(`sandbox webhook answered ${answer.statusCode}`);
        }
        return reply.redirect(paymentReturnPath(invoice.id), 303);
      },
    );
    done();
  });
};
