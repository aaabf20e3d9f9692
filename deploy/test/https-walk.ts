// The deployment recipe, run (issue #29 item 4): Debian's Caddy with `tls internal` in front of the built shop
// on loopback, exactly deploy/Caddyfile, and a customer's walk over HTTPS: sign up with the mailed code, pay on
// the sandbox page, use a proxy line. It checks what the recipe promises: HSTS on every HTTPS answer, the
// forwarded protocol believed with TRUST_PROXY=1 (and only through Caddy), payment pages that return on https.
// Run by deploy/test/run.sh (`npm run test:deploy`), which .ci/run calls.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayPortOf, startServer, type RunningServer } from '../../e2e/support/server.js';
import { otpFrom, startSmtpCapture, type SmtpCapture } from '../../test-support/smtp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

const freePort = async (from: number, to: number, alsoFree: (port: number) => number[] = () => []) => {
  for (let port = from; port <= to; port += 1) {
    const all = [port, ...alsoFree(port)];
    if ((await Promise.all(all.map(isFree))).every(Boolean)) return port;
  }
  throw new Error(`no free port between ${from} and ${to}`);
};

/** A command's output, without blocking this process (whose servers must keep answering). */
const run = (command: string, args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** The parts of the shop's answers the walk reads. */
interface Json {
  detail?: string;
  payload?: {
    token?: string;
    hosted_url?: string;
    proxies?: string[];
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTPS request that trusts Caddy's internal root only. */
const httpsCall = (
  ca: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpsRequest(url, { method: init.method ?? 'GET', headers: init.headers, ca }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });

let failures = 0;
let passes = 0;
const check = (what: string, ok: boolean, detail = '') => {
  if (ok) passes += 1;
  else failures += 1;
  console.log(`${ok ? 'ok    ' : 'FAILED'} ${what}${ok || !detail ? '' : `: ${detail}`}`);
};

const work = mkdtempSync(join(tmpdir(), 'proxydesk-deploy-'));
let shop: RunningServer | undefined;
let caddy: ChildProcess | undefined;
let smtp: SmtpCapture | undefined;
let target: ReturnType<typeof createHttpServer> | undefined;

try {
  // The shop's gateway and its metrics listen 20,000 and 21,000 above it (e2e/support/server.ts).
  const shopPort = await freePort(3150, 3199, (port) => [gatewayPortOf(port), port + 21_000]);
  const httpPort = await freePort(8080, 8179);
  const httpsPort = await freePort(8443, 8542);
  const origin = `https://localhost:${httpsPort}`;
  smtp = await startSmtpCapture();

  // The shop as the systemd unit runs it (production, behind one trusted hop), on loopback.
  shop = await startServer(shopPort, undefined, {
    PUBLIC_URL: origin,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'shop@example.com',
    CAPTCHA_PROVIDER: 'off',
    POW_SECRET: 'deploy-test-pow-secret',
    SANDBOX_WEBHOOK_SECRET: 'deploy-test-sandbox-secret',
    // The production preflight passes: https PUBLIC_URL, a mail server, the sandbox forced on with its secret.
    NODE_ENV: 'production',
  });

  // Caddy with the recipe's Caddyfile; only what a test machine needs differs: its own ports and folders,
  // certificates from Caddy's internal authority, and no attempt to install that authority system-wide.
  const caddyfile = join(work, 'Caddyfile');
  writeFileSync(
    caddyfile,
    [
      '{',
      '\tadmin off',
      '\tlocal_certs',
      '\tskip_install_trust',
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      '}',
      `import ${join(root, 'deploy', 'Caddyfile')}`,
      '',
    ].join('\n'),
  );
  caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: work,
      XDG_DATA_HOME: join(work, 'data'),
      XDG_CONFIG_HOME: join(work, 'config'),
      SHOP_DOMAIN: `localhost`,
      PROXYDESK_UPSTREAM: `127.0.0.1:${shopPort}`,
      CADDY_LOG_DIR: work,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let caddyLog = '';
  caddy.stderr!.on('data', (chunk: Buffer) => (caddyLog += chunk.toString()));
  const rootCert = join(work, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const ca = await waitFor('Caddy making its internal authority', () => {
    if (caddy!.exitCode !== null) throw new Error(`caddy exited: ${caddyLog}`);
    return Promise.resolve(existsSync(rootCert) ? readFileSync(rootCert, 'utf8') : undefined);
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${caddyLog}`);
  });
  const home = await waitFor('the shop answering through Caddy', async () => {
    const answer = await httpsCall(ca, `${origin}/healthz`);
    return answer.status === 200 ? answer : undefined;
  });
  check('the shop answers over HTTPS through Caddy', home.status === 200);
  check(
    'HSTS on an HTTPS answer (X-Forwarded-Proto believed with TRUST_PROXY=1)',
    /max-age=\d+/.test(String(home.headers['strict-transport-security'])),
    String(home.headers['strict-transport-security']),
  );
  const direct = await fetch(`${shop.url}/healthz`);
  check(
    'no HSTS on the shop itself over plain HTTP',
    direct.headers.get('strict-transport-security') === null,
  );
  const redirect = await fetch(`http://localhost:${httpPort}/`, { redirect: 'manual' });
  check(
    'plain HTTP is redirected to HTTPS',
    redirect.status >= 300 &&
      redirect.status < 400 &&
      (redirect.headers.get('location') ?? '').startsWith('https://'),
    `${redirect.status} ${redirect.headers.get('location')}`,
  );

  // A customer's walk, over HTTPS only.
  let token = '';
  const api = async (path: string, body?: unknown) => {
    const answer = await httpsCall(ca, origin + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { ...answer, json: JSON.parse(answer.text) as Json };
  };
  const email = 'owner-walk@example.com';
  const after = Date.now();
  const signUp = await api('/v1/auth/signup', {
    username: 'ownerwalk',
    email,
    password: 'violet kettle 42 drums',
  });
  check('sign-up over HTTPS asks for the mailed code (422)', signUp.status === 422, signUp.text);
  const mail = await smtp.waitFor(email, { after, timeoutMs: 30_000 });
  const confirmed = await api('/v1/auth/confirm-email', { email, otp: otpFrom(mail) });
  token = confirmed.json.payload?.token ?? '';
  check('the mailed code signs the customer in', confirmed.status === 200 && token !== '', confirmed.text);
  const billing = await api('/v1/billing/create', {
    first_name: 'Ada',
    last_name: 'Owner',
    address: '1 Example Street',
    city: 'Vienna',
    zip: '1010',
    country: 'Austria',
  });
  check('billing details saved', billing.status === 200, billing.text);
  const plans = (await api('/v1/plan/read')).json.payload as unknown as { id: number; type: string }[];
  const isp = plans.find((plan) => plan.type === 'PR_2');
  const invoice = await api('/v1/invoice/create', { payment_method: 'sandbox', plan: isp?.id });
  const hostedUrl = String(invoice.json.payload?.hosted_url ?? '');
  check('checkout answers a payment page on https', hostedUrl.startsWith(`${origin}/`), invoice.text);
  const page = await httpsCall(ca, hostedUrl);
  check(
    'the sandbox payment page opens over HTTPS',
    page.status === 200 && /Pay/.test(page.text),
    String(page.status),
  );
  const paid = await httpsCall(ca, hostedUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  const back = new URL(String(paid.headers.location ?? ''), hostedUrl).href;
  check(
    'paying returns the customer to the shop on https',
    back.startsWith(`${origin}/invoice/`),
    `${paid.status} ${back}`,
  );
  const invoicePaid = await waitFor('the invoice paid', async () => {
    const list = (await api('/v1/invoice/read')).json as { results?: { status: boolean }[] };
    return list.results?.[0]?.status === true ? true : undefined;
  });
  check('the invoice is paid (status true)', invoicePaid);
  const receipt = await smtp.waitFor(email, { after, subject: /receipt|paid|payment/i, timeoutMs: 30_000 });
  check('the receipt mail links to the shop on https', receipt.text.includes(`${origin}/`), receipt.text);

  // The proxy line works: the gateway is reached directly (not through Caddy), as customers' clients do.
  target = createHttpServer((_req, res) => res.end('reached through the proxy line'));
  await new Promise<void>((resolve) => target!.listen(0, '127.0.0.1', resolve));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  const generated = await api('/v1/user/generate-proxy', {
    proxy_type: 'premium',
    type: 'sticky',
    amount: 1,
    country: 'us',
  });
  const line = String(generated.json.payload?.proxies?.[0] ?? '');
  const [host, port, user, pass] = line.split(':');
  check('a proxy line is generated for the paid plan', Boolean(host && port && user && pass), generated.text);
  // Not spawnSync: the target and the mail capture live in this process and must keep answering.
  const curl = await run('curl', [
    '-sS',
    '--max-time',
    '20',
    '-x',
    `http://${user}:${pass}@127.0.0.1:${port}`,
    targetUrl,
  ]);
  check(
    'curl through the proxy line reaches its target',
    curl.stdout === 'reached through the proxy line',
    `${curl.status} ${curl.stdout} ${curl.stderr}`,
  );

  // The backup timer's script against the running shop: files 0600 in a 0700 folder, the newest BACKUP_KEEP kept.
  const backups = join(work, 'backups');
  for (let i = 0; i < 3; i += 1) {
    const backup = await run('sh', [
      '-c',
      `BACKUP_DIR=${backups} BACKUP_KEEP=2 DATA_DIR=${shop.dataDir} DATABASE_URL= sh deploy/backup.sh`,
    ]);
    if (backup.status !== 0) throw new Error(`deploy/backup.sh failed: ${backup.stdout}${backup.stderr}`);
  }
  const kept = readdirSync(backups);
  check('deploy/backup.sh keeps the newest BACKUP_KEEP backups', kept.length === 2, kept.join(', '));
  check(
    'backups are 0600 in a 0700 folder',
    (statSync(backups).mode & 0o777) === 0o700 &&
      kept.every((name) => (statSync(join(backups, name)).mode & 0o777) === 0o600),
  );
} catch (error) {
  failures += 1;
  console.log(`FAILED ${(error as Error).stack ?? String(error)}`);
} finally {
  caddy?.kill('SIGTERM');
  target?.close();
  await shop?.stop();
  await smtp?.close();
  rmSync(work, { recursive: true, force: true });
}

console.log(`\ndeploy: ${passes} passed, ${failures} failed`);
process.exit(failures === 0 && passes > 0 ? 0 : 1);
