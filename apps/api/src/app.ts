import {
  backfillInvoiceDocuments,
  logStreamFor,
  readShopIdentity,
  seedShopIdentity,
  type Database,
} from '@proxydesk/db';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import {
  publicUrl,
  sandboxPayments,
  sellerSeed,
  shopPorts,
  supportUrl,
  taxSettings,
  type Config,
} from './config.js';
import { fastifyTrustProxy } from './config-trust-proxy.js';
import { createAfterReply } from './lib/after-reply.js';
import { createCounters } from './lib/counters.js';
import { connectSharedRedis } from './lib/shared-redis.js';
import { requestIdOf } from './lib/request-id.js';
import { logRequests, requestLog } from './lib/request-log.js';
import { adminCatalogueRoutes } from './modules/admin/admin-catalogue.routes.js';
import { createAdminCatalogueService } from './modules/admin/admin-catalogue.service.js';
import { adminFailureRoutes } from './modules/admin/admin-failures.routes.js';
import { createAdminFailuresService } from './modules/admin/admin-failures.service.js';
import { adminMoneyPoolRoutes } from './modules/admin/admin-money-pool.routes.js';
import { adminReportRoutes } from './modules/admin/admin-reports.routes.js';
import { createAdminReportsService } from './modules/admin/admin-reports.service.js';
import { adminPreflightRoutes } from './modules/admin/admin-preflight.routes.js';
import { createAdminMoneyService } from './modules/admin/admin-money.service.js';
import { createAdminPoolService } from './modules/admin/admin-pool.service.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { adminStaffRoutes } from './modules/admin/admin-staff.routes.js';
import { createAdminStaffService } from './modules/admin/admin-staff.service.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { byHandRoutes } from './modules/admin/by-hand.routes.js';
import { customerActionRoutes } from './modules/admin/customer-actions.js';
import { createWebhookSender, type WebhookSender } from './modules/webhooks/sender.js';
import { resellerWebhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { authRoutes, publicAuthConfig } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { discordProvider, googleProvider } from './modules/auth/oauth.js';
import { createOtpService } from './modules/auth/otp.service.js';
import { createCaptchaService } from './modules/captcha/captcha.service.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import {
  createReadiness,
  databaseDependency,
  mailDependency,
  redisDependency,
} from './modules/health/readiness.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { createVies } from './modules/billing/vies.js';
import { invoiceRoutes } from './modules/invoices/invoice.routes.js';
import { createInvoiceService } from './modules/invoices/invoice.service.js';
import { createAutoRenew } from './modules/invoices/auto-renew.js';
import { createQuotes } from './modules/invoices/quote.js';
import { documentRoutes } from './modules/documents/documents.routes.js';
import { createDocumentsService } from './modules/documents/documents.service.js';
import { createMailer } from './modules/mail/mailer.js';
import { createMailOutbox, type MailOutbox } from './modules/mail/outbox.js';
import { createPopularLocations } from './modules/proxies/popular-locations.js';
import { createGenerator } from './modules/proxies/generator.service.js';
import { planRoutes } from './modules/proxies/plans.routes.js';
import { proxyRoutes } from './modules/proxies/proxies.routes.js';
import { lineUsageRoutes } from './modules/subusers/line-usage.routes.js';
import { createLineUsageService } from './modules/subusers/line-usage.service.js';
import { fairUseRoutes } from './modules/subusers/fair-use.routes.js';
import { createFairUseService } from './modules/subusers/fair-use.service.js';
import { replacementRoutes } from './modules/proxies/replacements.routes.js';
import { subuserRoutes } from './modules/subusers/subusers.routes.js';
import { createSubuserService } from './modules/subusers/subusers.service.js';
import { taxRoutes } from './modules/tax/tax.routes.js';
import { createTaxService } from './modules/tax/tax.service.js';
import type { Gateway, WebhookVerifier } from './modules/payments/gateway.js';
import { coinGateGateway } from './modules/payments/coingate.js';
import { paddleGateway } from './modules/payments/paddle.js';
import { createPaymentService } from './modules/payments/payment.service.js';
import { stripeGateway } from './modules/payments/stripe.js';
import { sandboxGateway, sandboxVerifier } from './modules/payments/sandbox.js';
import { webhookRoutes } from './modules/payments/webhook.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { createUserService } from './modules/user/user.service.js';
import { registerAuthentication } from './plugins/authenticate.js';
import { createSessionCache } from './modules/auth/session-cache.js';
import { registerCompression } from './plugins/compression.js';
import { registerDocs } from './plugins/docs.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { registerMetrics } from './plugins/metrics.js';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
  registerInputGuards,
} from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { answersFor } from './plugins/web-answers.js';
import { registerWeb } from './plugins/web.js';

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Where log lines go (default stdout): tests read them. */
  logStream?: NodeJS.WritableStream;
}

/** Largest accepted request body; anything bigger gets 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** Builds the whole HTTP app without listening: tests call this and `inject`. */
/** LOG_FORMAT=pretty: the app's lines made readable for a terminal (ADR 013). */
const prettyOf = (config: Config) => {
  const stream = logStreamFor(config.LOG_FORMAT);
  return stream ? { stream } : {};
};

export const buildApp = async ({
  config,
  database,
  logStream,
}: AppDependencies): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(logStream ? { stream: logStream } : prettyOf(config)),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // One line per request of our own (logRequests), with an id a client can only choose if it is plain.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerInputGuards(app);
  await registerCompression(app);
  const metrics = registerMetrics(app, database);
  // Services built once write their lines through the request being served: its id, and the user's.
  const log = requestLog(app);
  logRequests(app);
  // One Redis client for everything shared across instances: rate limits and attempt counters.
  const redis = config.REDIS_URL ? await connectSharedRedis(config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  const counters = createCounters(redis, database.db);
  await registerSecurity(app, config, redis ? counters : undefined);
  await registerDocs(app, config);

  const { db } = database;
  const shopUrl = publicUrl(config);
  // The shop as the seller (ADR 015): SELLER_* and SUPPORT_URL are its first values; the console edits it after.
  await seedShopIdentity(db, sellerSeed(config));
  await backfillInvoiceDocuments(db);
  const documents = createDocumentsService(db, config.BRAND_NAME);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? `${config.BRAND_NAME} <no-reply@localhost>`,
    log,
    onResult: metrics.mail,
  });
  const outbox = createMailOutbox({
    database,
    mailer,
    attachments: documents.mailAttachments,
    context: { brand: config.BRAND_NAME, publicUrl: shopUrl },
    log: app.log,
  });
  await outbox.start();
  app.decorate('mailOutbox', outbox);
  const afterReply = createAfterReply(app.log);
  // Work started after an answer may still queue mails; what is not sent by the end waits in the outbox.
  app.addHook('onClose', async () => {
    await afterReply.drain();
    await outbox.stop();
    mailer.close();
  });
  if (config.CAPTCHA_PROVIDER === 'off')
    app.log.warn('CAPTCHA_PROVIDER=off: sign-in forms have no captcha (local testing only)');
  const captcha = createCaptchaService({
    provider: config.CAPTCHA_PROVIDER,
    recaptchaSecret: config.RECAPTCHA_SECRET,
    recaptchaVerifyUrl: config.RECAPTCHA_VERIFY_URL,
    powSecret: config.POW_SECRET,
    counters,
  });
  const otp = createOtpService({ db, counters });
  const auth = createAuthService({
    db,
    afterReply,
    otp,
    captcha,
    counters,
  });
  const users = createUserService(db);
  const oauth = {
    google: googleProvider(
      {
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        base: config.GOOGLE_OAUTH_BASE,
      },
      shopUrl,
    ),
    discord: discordProvider(
      {
        clientId: config.DISCORD_CLIENT_ID,
        clientSecret: config.DISCORD_CLIENT_SECRET,
        base: config.DISCORD_API_BASE,
      },
      shopUrl,
    ),
  };

  // Payments: the sandbox gateway's page posts signed events to this process's own webhook.
  const sandbox = sandboxPayments(config);
  if (sandbox.warn)
    app.log.warn(
      'SANDBOX_PAYMENTS=true in a real shop: ANYONE CAN MARK INVOICES PAID FOR FREE with the sandbox Pay button',
    );
  const sandboxSecret = sandbox.on
    ? (config.SANDBOX_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'))
    : null;
  const gateways = new Map<string, Gateway>();
  const verifiers = new Map<string, WebhookVerifier>();
  const offer = (code: string, provider: { gateway: Gateway; verify: WebhookVerifier }) => {
    gateways.set(code, provider.gateway);
    verifiers.set(code, provider.verify);
  };
  if (sandboxSecret)
    offer('sandbox', { gateway: sandboxGateway(shopUrl), verify: sandboxVerifier(sandboxSecret) });
  // A provider is offered only with its keys (DESIGN.md §4).
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    offer(
      'stripe',
      stripeGateway({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiBase: config.STRIPE_API_BASE,
      }),
    );
  }
  if (config.PADDLE_API_KEY && config.PADDLE_WEBHOOK_SECRET) {
    offer(
      'paddle',
      paddleGateway({
        apiKey: config.PADDLE_API_KEY,
        webhookSecret: config.PADDLE_WEBHOOK_SECRET,
        apiBase: config.PADDLE_API_BASE,
      }),
    );
  }
  if (config.COINGATE_API_TOKEN) {
    const coinGate = coinGateGateway({
      apiToken: config.COINGATE_API_TOKEN,
      apiBase: config.COINGATE_API_BASE,
      publicUrl: shopUrl,
    });
    for (const gateway of coinGate.gateways) gateways.set(gateway.code, gateway);
    verifiers.set('coingate', coinGate.verify);
  }
  const catalogue = createCatalogueService(db, config.CATALOGUE_CACHE_SECONDS);
  const payments = createPaymentService({
    db,
    gateways,
    publicUrl: shopUrl,
    referralPointsPerEuro: 1,
    log,
  });
  app.decorate('payments', payments);
  const isMethodOnSale = async (code: string) =>
    (await catalogue.paymentMethods()).some((m) => m.code === code);
  const tax = createTaxService(db, taxSettings(config));
  const invoices = createInvoiceService(db, payments, isMethodOnSale, tax);
  const vies = createVies({ url: config.VIES_URL, timeoutMs: config.VIES_TIMEOUT_MS, log });

  const sessions = await createSessionCache(database);
  app.addHook('onClose', () => sessions.close());
  registerAuthentication(app, db, sessions, counters);
  registerIdempotency(app, db);
  const readiness = createReadiness({
    database: databaseDependency(database),
    redis: redisDependency(redis?.client),
    mail: mailDependency(mailer, outbox.backlog),
  });
  app.decorate('readiness', readiness);
  healthRoutes(app, database, readiness);
  catalogueRoutes(app, catalogue, payments.accepts);
  // The support link as the console last saved it (read at start: sign-in pages carry it from their first byte).
  const shop = await readShopIdentity(db);
  const shopPublic = {
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY ?? null,
    supportUrl: shop.supportUrl ?? (shop.email ? `mailto:${shop.email}` : supportUrl(config)),
  };
  authRoutes(app, { auth, users, captcha, oauth }, shopPublic);
  userRoutes(app, users);
  billingRoutes(app, db, vies);
  taxRoutes(app, tax);
  const proxyGateway = {
    host: config.PROXY_GATEWAY_HOST ?? new URL(shopUrl).hostname,
    port: config.PROXY_GATEWAY_PORT,
  };
  proxyRoutes(
    app,
    db,
    createGenerator({ db, gateway: proxyGateway, locations: catalogue.locations }),
    catalogue.locations,
    createPopularLocations(db, catalogue.locations, config.CATALOGUE_CACHE_SECONDS > 0),
  );
  const fairUse = createFairUseService({
    db,
    defaults: {
      maxSources: config.GATEWAY_FAIR_USE_MAX_SOURCES,
      windowMinutes: config.GATEWAY_FAIR_USE_WINDOW_MINUTES,
      maxConnections: config.GATEWAY_FAIR_USE_MAX_CONNECTIONS,
    },
  });
  subuserRoutes(
    app,
    createSubuserService({
      db,
      maxPerCustomer: config.SUBUSERS_MAX_PER_CUSTOMER,
      locations: catalogue.locations,
      fairUse,
    }),
  );
  lineUsageRoutes(app, createLineUsageService({ db, domainStats: config.DOMAIN_STATS }));
  fairUseRoutes(app, db, fairUse);
  planRoutes(app, db, config.PLAN_GRACE_HOURS);
  replacementRoutes(app, db);
  const quotes = createQuotes(db, config.PLAN_GRACE_HOURS);
  invoiceRoutes(app, db, invoices, quotes, { publicUrl: shopUrl, documents });
  documentRoutes(app, documents);
  app.decorate('autoRenew', createAutoRenew({ db, invoices, quotes, log: app.log }));
  adminRoutes(app, createAdminService(db), shopUrl);
  adminCatalogueRoutes(app, createAdminCatalogueService(db, catalogue.forget));
  customerActionRoutes(app, { db, otp });
  byHandRoutes(app, {
    db,
    payments,
    quotePlan: (plan) => quotes.plan({ plan, payment_method: 'sandbox', coupon: null }),
    isMethodOnSale,
    vies,
    tax,
  });
  const production = config.NODE_ENV === 'production';
  const webhooksAllowPrivate = config.WEBHOOKS_ALLOW_PRIVATE ?? !production;
  const webhooks = createWebhookSender({
    database,
    db,
    log: app.log,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowPrivate: webhooksAllowPrivate,
  });
  await webhooks.start();
  app.addHook('onClose', () => webhooks.stop());
  app.decorate('webhooks', webhooks);
  resellerWebhookRoutes(app, {
    db,
    sender: webhooks,
    production,
    allowPrivate: webhooksAllowPrivate,
    publicUrl: shopUrl,
  });
  adminStaffRoutes(app, createAdminStaffService(db));
  adminMoneyPoolRoutes(
    app,
    {
      money: createAdminMoneyService(db, payments),
      pool: createAdminPoolService(db, {
        allowPrivate: config.GATEWAY_ALLOW_PRIVATE_POOL,
        ownPorts: shopPorts(config),
      }),
    },
    shopUrl,
  );
  adminFailureRoutes(app, createAdminFailuresService(db), shopUrl);
  adminReportRoutes(app, createAdminReportsService(db), shopUrl);
  adminPreflightRoutes(app, { config, mailer, db });
  await webhookRoutes(app, {
    db,
    payments,
    verifiers,
    sandboxSecret,
    brand: config.BRAND_NAME,
    onOutcome: metrics.webhook,
  });

  // Pages start with what the server knows: the shop's sign-in options, whether it is in maintenance and, for a
  // session, the API's answers that its first screen draws (the same routes, checks and limits as the browser's).
  await registerWeb(app, config, {
    authConfig: publicAuthConfig(captcha, oauth, shopPublic),
    maintenance: async () => (await catalogue.maintenance())[0]?.status ?? false,
    answers: (paths, session) => answersFor(app, paths, session),
  });
  return app;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox: the job runner's `send-mail` job delivers through it. */
    mailOutbox: MailOutbox;
    /** Resellers' auto-renew from the balance: the `auto-renew` job's work. */
    autoRenew: ReturnType<typeof createAutoRenew>;
    /** Resellers' webhook deliveries: the `deliver-webhooks` job's work. */
    webhooks: WebhookSender;
  }
}
