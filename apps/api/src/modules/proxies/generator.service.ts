import {
  lineUsername,
  PRODUCT_NAMES,
  proxyLines,
  RANDOM_LOCATION,
  type CountryStats,
  type LineOptions,
  type z,
  type generateProxyBodySchema,
} from '@proxydesk/contract';
import { findActiveCustomerPlan, findOwnSubuser, usedGb, type Db, type User } from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import { createRandom } from '../../lib/random.js';

type Locations = CountryStats['countries']['countries'];

/** The normal generator's one button: one rotating line, any country. */
const NORMAL_LINE: LineOptions = { country: RANDOM_LOCATION, type: 'rotating' };

/**
 * Proxy lines for a customer's active plan (SPEC.md §7 generate-proxy, DESIGN.md §4): the account's
 * proxy credentials, never its password; every location checked against the catalogue.
 */
export const createGenerator = ({
  db,
  gateway,
  locations,
}: {
  db: Db;
  /** Where the lines point: the gateway's public host, and its port when not 31112. */
  gateway: { host: string; port?: number | undefined };
  locations: () => Promise<Locations>;
}) => {
  const random = createRandom();

  const lineOptions = async (body: z.output<typeof generateProxyBodySchema>): Promise<LineOptions> => {
    const country = body.country || RANDOM_LOCATION;
    const type = body.type || 'rotating';
    const options: LineOptions = {
      country,
      type,
      ...(type === 'sticky' && body.lifetime ? { lifetime: body.lifetime } : {}),
    };
    if (country === RANDOM_LOCATION) {
      if (body.city || body.isp) throw new HttpError(400, 'Choose a country for a city or an ISP');
      return options;
    }
    const found = (await locations()).find((c) => c.code === country);
    if (!found) throw new HttpError(400, `Unknown location "${country}"`);
    if (!body.city) return options;
    const city = found.cities.options.find((c) => c.code === body.city);
    if (!city) throw new HttpError(400, `Unknown city "${body.city}" in ${found.name}`);
    if (body.isp && !city.isps.options.some((isp) => isp.code === body.isp))
      throw new HttpError(400, `Unknown ISP "${body.isp}" in ${city.name}`);
    return { ...options, city: city.code, ...(body.isp ? { isp: body.isp } : {}) };
  };

  /** The account's proxy credentials, or one of its sub-users' of the product (issue #31), whose countries bind. */
  const lineCredentials = async (
    user: User,
    product: string,
    subuserId: string | undefined,
    options: LineOptions,
  ): Promise<{ proxyUsername: string; password: string }> => {
    if (subuserId === undefined) return { proxyUsername: user.proxyUsername, password: user.proxyPassword };
    const subuser = await findOwnSubuser(db, user.id, subuserId);
    if (!subuser || subuser.productType !== product) throw new HttpError(404, 'Sub-user not found');
    const allowed = subuser.allowedCountries;
    if (allowed.length > 0 && !allowed.includes(options.country))
      throw new HttpError(
        400,
        `${subuser.name} may use only ${allowed.join(', ')}: choose one of these countries`,
      );
    return { proxyUsername: subuser.proxyUsername, password: subuser.proxyPassword };
  };

  return {
    generate: async (user: User, body: z.output<typeof generateProxyBodySchema>) => {
      // Normal plans (PR_3) have the one-button generator; premium is ISP (PR_2) unless a product page names its own.
      const product = body.proxy_type === 'normal' ? 'PR_3' : body.product || 'PR_2';
      const plan = await findActiveCustomerPlan(db, user.id, product);
      if (!plan || (plan.expiresAt && plan.expiresAt.getTime() <= Date.now())) {
        throw new HttpError(403, `You have no active ${PRODUCT_NAMES[product]} plan: buy one first`);
      }
      if (plan.dataGb !== null && (await usedGb(db, plan.id)) >= plan.dataGb) {
        throw new HttpError(403, `No data left on your ${PRODUCT_NAMES[product]} plan: buy more GB`);
      }
      const options = body.proxy_type === 'normal' ? NORMAL_LINE : await lineOptions(body);
      const own = await lineCredentials(user, product, body.subuser || undefined, options);
      // The username names the product, so the gateway checks and meters this plan (DESIGN.md §4, issue #6).
      const credentials = {
        ...gateway,
        username: lineUsername(own.proxyUsername, product),
        password: own.password,
      };
      const proxies = proxyLines(
        credentials,
        options,
        body.proxy_type === 'normal' ? 1 : (body.amount ?? 1),
        random,
      );
      return {
        detail: 'Your proxies are here.',
        payload: {
          username: credentials.username,
          password: credentials.password,
          ips: [gateway.host],
          proxies,
        },
      };
    },
  };
};

export type Generator = ReturnType<typeof createGenerator>;
