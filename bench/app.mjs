/**
 * The real app over a fresh database (PGlite in memory, or `databaseUrl`), migrated and catalogued, listening
 * on a free port, with logging off and the per-IP limit lifted: what every benchmark measures. `extend(app, database)`
 * may add routes before it listens.
 */
export const startBenchApp = async ({ databaseUrl, env = {}, extend } = {}) => {
  const { buildApp } = await import('../apps/api/dist/app.js');
  const { loadConfig } = await import('../apps/api/dist/config.js');
  const { loadCatalogue, migrate, openDatabase, readCatalogue } =
    await import('../packages/db/dist/index.js');
  const database = await openDatabase({ url: databaseUrl });
  await migrate(database);
  await loadCatalogue(database.db, await readCatalogue());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
    // Production mode turns the sandbox off (ADR 005); the bench buys with it, and says so on purpose.
    SANDBOX_PAYMENTS: 'true',
    ...env,
  });
  const app = await buildApp({ config, database });
  await extend?.(app, database);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    database,
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

const PASSWORD = 'violet kettle 42 drums';

/**
 * A customer of the bench app, signed up, signed in and with billing details, who has bought one catalogue plan of
 * each of `products` through the sandbox: `headers` authenticate as them, `call` is a JSON call with those headers.
 */
export const buyingCustomer = async ({ app, database }, username, products) => {
  await app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    payload: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  await database.db.execute(`update users set email_verified = true where username = '${username}'`);
  const { token } = (
    await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password: PASSWORD } })
  ).json().payload;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = (method, url, payload) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  await call('POST', '/v1/billing/create', {
    first_name: 'B',
    last_name: 'C',
    address: 'D',
    city: 'E',
    zip: 'F',
    country: 'Germany',
  });
  const plans = (await call('GET', '/v1/plan/read')).json().payload;
  for (const type of products) {
    const plan = plans.find((p) => p.type === type);
    const invoice = (
      await call('POST', '/v1/invoice/create', { payment_method: 'sandbox', plan: plan.id })
    ).json().payload;
    await app.inject({
      method: 'POST',
      url: new URL(invoice.hosted_url).pathname,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  return { headers, call };
};
