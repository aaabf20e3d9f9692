import {
  planEndpoints,
  proxyEndpoints,
  type AutoRenewBody,
  type GenerateProxyBody,
  type IpProduct,
} from '@proxydesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, payloadOf } from '../../../lib/api';
import { toastDone } from '../../../lib/toast';

/** Each product page's plans, data and usage (SPEC.md §7 GET /v1/user/dashboard). */
export const productDashboardQuery = () =>
  queryOptions({
    queryKey: ['product-dashboard'],
    queryFn: payloadOf(proxyEndpoints.dashboard),
  });
export const useProductDashboard = () => useQuery(productDashboardQuery());

/** A plan's usage per day over its period (issue #19 item 7): the days add up to its "used" figure. */
export const planUsageQuery = (planId: string) =>
  queryOptions({
    queryKey: ['plan-usage', planId],
    queryFn: payloadOf(planEndpoints.usage, { query: { plan_id: planId } }),
  });
export const usePlanUsage = (planId: string) => useQuery(planUsageQuery(planId));

export const whitelistQuery = (type: IpProduct, plan: string | null) =>
  queryOptions({
    queryKey: ['whitelist', type, plan],
    queryFn: payloadOf(proxyEndpoints.whitelistedIps, { query: { type, ...(plan ? { plan } : {}) } }),
  });
export const useWhitelist = (type: IpProduct, plan: string | null) => useQuery(whitelistQuery(type, plan));

export const poolQuery = () =>
  queryOptions({
    queryKey: ['pool'],
    queryFn: payloadOf(proxyEndpoints.pool),
  });
export const usePool = () => useQuery(poolQuery());

/** The generator's locations, and the most-bought countries' codes (issue #33 item 6). */
export const countryStatsQuery = () =>
  queryOptions({
    queryKey: ['country-stats'],
    queryFn: async ({ signal }) => {
      const { payload } = await call(proxyEndpoints.countryStats, { signal });
      return { countries: payload.countries.countries, popular: payload.popular };
    },
    staleTime: Infinity,
  });
export const useLocations = () => useQuery(countryStatsQuery());
export const useCountryStats = () => useQuery({ ...countryStatsQuery(), select: (data) => data.countries });

/**
 * Any change to plans or whitelists reloads what the product pages show (SPEC.md §4: "the list reloads"),
 * and, when `toast`, shows the server's `detail` in a toast (SPEC.md §8; a rename has its own "Saved").
 */
const useProxyMutation = <T>(mutationFn: (input: T) => Promise<{ detail: string }>, toast = true) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async ({ detail }) => {
      if (toast) toastDone(detail);
      await Promise.all(
        ['product-dashboard', 'whitelist', 'pool', 'dashboard-stats', 'my-plans', 'plan-usage'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      );
    },
  });
};

export const useActivateIpPlan = () =>
  useProxyMutation((input: { ip: string; type: IpProduct; plan?: string }) =>
    call(proxyEndpoints.activateDcIpv6, {
      body: { ips: [input.ip], type: input.type, ...(input.plan ? { plan: input.plan } : {}) },
    }),
  );
export const useActivatePremium = () =>
  useProxyMutation((ip: string) => call(proxyEndpoints.activatePremium, { body: { ips: [ip] } }));
export const useWhitelistIp = () =>
  useProxyMutation((input: { ip: string; plan: string }) =>
    call(proxyEndpoints.whitelistIp, { body: input }),
  );
/** `toast` false: the page says it beside the list (issue #33 item 6). */
export const useDeleteWhitelistedIp = (toast = true) =>
  useProxyMutation((id: string) => call(proxyEndpoints.deleteWhitelistedIp, { params: { id } }), toast);
export const useRenamePlan = () =>
  useProxyMutation(
    (input: { id: string; planName: string }) => call(proxyEndpoints.changePlanName, { body: input }),
    false,
  );
/** Generated lines: the server's "Your proxies are here." and how many there are (SPEC.md §8). */
export const useGenerateProxies = () =>
  useMutation({
    mutationFn: (body: GenerateProxyBody) => call(proxyEndpoints.generate, { body }),
    onSuccess: ({ detail, payload: { proxies } }) => {
      // Rotating lines repeat one line; the output shows it once (issue #19).
      const count = new Set(proxies).size;
      toastDone(
        `${detail ?? ''} ${count.toLocaleString()} proxy line${count === 1 ? '' : 's'} generated.`.trim(),
      );
    },
  });

/** A reseller's auto-renew switch on one plan (issue #16 §5). */
export const useSetAutoRenew = () =>
  useProxyMutation(async (body: AutoRenewBody) => {
    const { detail } = await call(proxyEndpoints.setAutoRenew, { body });
    return { detail: detail ?? (body.enabled ? 'Auto-renew on' : 'Auto-renew off') };
  });
