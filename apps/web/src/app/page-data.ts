import { paymentMethodsQuery } from '../features/billing/api/billing';
import { balanceHistoryQuery } from '../features/billing/api/balance-history';
import { prefetchDashboard } from '../features/dashboard/api/first-data';
import { faqsQuery } from '../features/faq/api/get-faqs';
import { invoicesQuery } from '../features/invoices/api/invoices';
import { poolQuery, productDashboardQuery } from '../features/proxies/api/proxies';
import { plansQuery } from '../features/purchase/api/get-plans';
import { notificationsQuery } from '../features/settings/api/notifications';
import { queryClient } from '../lib/query-client';

const query = queryClient.prefetchQuery.bind(queryClient);

/**
 * The data a menu page draws first, asked on hover or focus of its link (issue #18): the page then draws from
 * the cache at once, refreshing what is older than the client's stale time. A chunk of its own, fetched with
 * the menu's screens; a signed-in page's first load asks it for its own screen (app/signed-in-start.ts), from
 * the answers the server wrote into the page (the same list in the contract's first-answers.ts).
 */
const dataAt: [RegExp, () => Promise<unknown>[]][] = [
  [/^\/$/, () => [prefetchDashboard(queryClient)]],
  [/^\/invoices$/, () => [queryClient.prefetchInfiniteQuery(invoicesQuery())]],
  [/^\/(purchase\/|pricing$)/, () => [query(plansQuery())]],
  [
    /^\/balance$/,
    () => [query(paymentMethodsQuery()), queryClient.prefetchInfiniteQuery(balanceHistoryQuery())],
  ],
  [/^\/product\/(datacenter|ipv6)$/, () => [query(productDashboardQuery()), query(poolQuery())]],
  [/^\/product\//, () => [query(productDashboardQuery())]],
  [/^\/faqs$/, () => [query(faqsQuery())]],
  [/^\/settings$/, () => [query(notificationsQuery())]],
];

export const prefetchPageData = async (path: string) => {
  await Promise.all(dataAt.find(([pattern]) => pattern.test(path))?.[1]() ?? []);
};
