import { PASSWORD } from './database.mjs';
import { createBrowser, errorKind } from './http.mjs';
import { createLineUser } from './lines.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A person reads a screen before the next click. */
const think = () => sleep(150 + Math.random() * 350);

const BILLING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: '1 Bench Street',
  city: 'Berlin',
  zip: '10115',
  country: 'Germany',
};
const GENERATE = { proxy_type: 'premium', type: 'sticky', amount: 5, country: 'us', product: 'PR_2' };
/**
 * The simulated customers (issue #14 "Scale, proven"): each session signs in (or keeps its token), loads the
 * dashboard, buys an ISP plan with the sandbox gateway when it has none (now and then another), generates
 * lines, and sends traffic through its latest lines (also when the dashboard is down: proxy software does
 * not look at it). Sessions cycle over the customers in a bounded number of loops, so that 1,000 customers
 * do not mean 1,000 sockets at once.
 */
export const createCustomers = ({ customers, shopPort, targetPort, stats, provider }) => {
  const useLines = createLineUser({ targetPort, stats });
  const people = customers.map((c) => ({ ...c, token: undefined, billing: false, hasPlan: false }));
  const served = new Set();
  let sessions = 0;

  const session = async (customer) => {
    const browser = createBrowser({ port: shopPort, localAddress: customer.ip });
    browser.signIn(customer.token);
    /** One call; its answer when the status is one of `expected`, otherwise undefined (and counted). */
    const step = async (name, method, path, options = {}, expected = [200]) => {
      const answer = await browser.request(method, path, options);
      if (expected.includes(answer.status)) {
        stats.ok(name, answer.ms);
        return answer;
      }
      stats.failed(name, errorKind(answer));
      if (answer.status === 401) customer.token = undefined;
      return undefined;
    };
    const payload = (answer) => JSON.parse(answer.body).payload;

    const signIn = async () => {
      const answer = await step('sign in', 'POST', '/v1/auth/login', {
        json: { username: customer.username, password: PASSWORD },
      });
      if (!answer) return false;
      customer.token = payload(answer).token;
      browser.signIn(customer.token);
      return true;
    };

    /** The dashboard screen, its calls at once as the browser makes them. */
    const dashboard = async () => {
      const [, , product] = await Promise.all([
        step('access', 'GET', '/v1/auth/access'),
        step('dashboard stats', 'GET', '/v1/user/dashboard-stats'),
        step('dashboard', 'GET', '/v1/user/dashboard'),
        step('announcement', 'GET', '/v1/announcement/read'),
      ]);
      if (!product) return false;
      if (payload(product).PR_2?.have_plan) {
        customer.hasPlan = true;
        customer.pending = undefined;
      }
      return true;
    };

    const buy = async () => {
      if (!customer.billing) {
        const read = await step('billing read', 'GET', '/v1/billing/read', {}, [200, 404]);
        if (!read) return;
        if (
          read.status === 404 &&
          !(await step('billing save', 'POST', '/v1/billing/create', { json: BILLING }))
        )
          return;
        customer.billing = true;
      }
      const plans = await step('plans', 'GET', '/v1/plan/read');
      if (!plans) return;
      const isp = payload(plans).filter((plan) => plan.type === 'PR_2');
      const plan = isp[Math.floor(Math.random() * isp.length)];
      await think();
      const invoice = await step('invoice create', 'POST', '/v1/invoice/create', {
        json: { payment_method: 'sandbox', plan: plan.id },
      });
      if (!invoice) return;
      const page = new URL(payload(invoice).hosted_url).pathname;
      const invoiceId = page.split('/').pop();
      if (!(await step('sandbox page', 'GET', page))) return;
      await think();
      // Pay pressed: the money is taken. One customer in ten presses twice (two requests at once).
      provider.taken(invoiceId);
      customer.pending = invoiceId;
      const clicks = Math.random() < 0.1 ? 2 : 1;
      const answers = await Promise.all(
        Array.from({ length: clicks }, () =>
          step('sandbox pay', 'POST', page, { form: 'action=pay' }, [303]),
        ),
      );
      if (answers.some(Boolean)) {
        provider.acknowledged(invoiceId);
        customer.hasPlan = true;
        customer.pending = undefined;
        customer.paidAt = Date.now();
      } else provider.deliver(invoiceId);
      // Providers deliver their own event too, now and then after the page already did: a duplicate.
      if (Math.random() < 0.2) provider.deliver(invoiceId);
    };

    /** The dashboard part of a visit; ends early on the first failure, as a person would give up. */
    const visit = async () => {
      if ((!customer.token || Math.random() < 0.2) && !(await signIn())) return;
      await think();
      if (!(await dashboard())) return;
      await think();
      const wantsMore = customer.hasPlan && Math.random() < 0.1;
      if ((!customer.hasPlan && !customer.pending) || wantsMore) await buy();
      if (!customer.hasPlan) return;
      const generated = await step('generate lines', 'POST', '/v1/user/generate-proxy', { json: GENERATE });
      if (generated) customer.lines = payload(generated).proxies;
    };

    try {
      sessions += 1;
      served.add(customer.index);
      await visit();
      if (customer.lines) await useLines(customer, customer.lines);
    } finally {
      browser.close();
    }
  };

  /** Sessions in `concurrency` loops until `until()` is true; each session ends on its own. */
  const run = async ({ concurrency, until }) => {
    let next = 0;
    const loop = async () => {
      while (!until()) {
        const customer = people[next % people.length];
        next += 1;
        if (customer.busy) {
          await sleep(10);
          continue;
        }
        customer.busy = true;
        try {
          await session(customer);
        } finally {
          customer.busy = false;
        }
        await think();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
  };

  return { run, sessions: () => sessions, served: () => served.size };
};
