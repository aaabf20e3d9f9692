import { adminReportEndpoints as reports, type ReportPeriodQuery } from '@proxydesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { only } from './url-filters';

/** The accountant's reports (issue #30 item 9): revenue per month, the documents of a period, VAT per quarter. */
export const useRevenueReport = (month: string) =>
  useQuery({
    queryKey: ['admin', 'reports', 'revenue', month],
    queryFn: async ({ signal }) => (await call(reports.revenue, { query: only({ month }), signal })).payload,
    placeholderData: keepPreviousData,
  });

export const useDocumentsReport = (period: ReportPeriodQuery, page: number) =>
  useQuery({
    queryKey: ['admin', 'reports', 'documents', period, page],
    queryFn: ({ signal }) => call(reports.documents, { query: { ...only(period), page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useVatReport = (quarter: string) =>
  useQuery({
    queryKey: ['admin', 'reports', 'vat', quarter],
    queryFn: async ({ signal }) => (await call(reports.vat, { query: only({ quarter }), signal })).payload,
    placeholderData: keepPreviousData,
  });

export const REPORT_CSV = {
  revenue: reports.revenueCsv.path,
  documents: reports.documentsCsv.path,
  vat: reports.vatCsv.path,
} as const;
