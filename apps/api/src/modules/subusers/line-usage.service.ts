import {
  DOMAIN_STATS_DAYS,
  type LineDomains,
  type LineUsage,
  type LineUsageGranularity,
} from '@proxydesk/contract';
import {
  findOwnPlan,
  findOwnSubuser,
  lineTopDomains,
  lineUsageSeries,
  type Credential,
  type Db,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';

const DAY = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The day asked for (today when absent), within the 30 days kept. */
const dayOf = (date: string | undefined, now: Date): string => {
  const today = utcDay(now.getTime());
  if (date === undefined) return today;
  const at = Date.parse(`${date}T00:00:00Z`);
  const first = utcDay(now.getTime() - (DOMAIN_STATS_DAYS - 1) * DAY);
  if (Number.isNaN(at) || utcDay(at) !== date) throw new HttpError(400, `"${date}" is not a date`);
  if (date < first || date > today)
    throw new HttpError(
      400,
      `Target hosts are kept ${DOMAIN_STATS_DAYS} days: choose a day from ${first} to ${today}`,
    );
  return date;
};

/**
 * Usage per set of credentials (issue #31 item 4): a sub-user's, or the owner's own lines on one plan. Another
 * customer's sub-user or plan is not found (404), as on every sub-user route.
 */
export const createLineUsageService = ({ db, domainStats }: { db: Db; domainStats: boolean }) => {
  const credentialOf = async (userId: string, whose: { subuserId: string } | { planId: string }) => {
    if ('subuserId' in whose) {
      if (!(await findOwnSubuser(db, userId, whose.subuserId)))
        throw new HttpError(404, 'Sub-user not found');
    } else if (!(await findOwnPlan(db, userId, whose.planId))) throw new HttpError(404, 'Plan not found');
    return whose satisfies Credential;
  };

  return {
    usage: async (
      userId: string,
      whose: Credential,
      granularity: LineUsageGranularity,
    ): Promise<LineUsage> => {
      const series = await lineUsageSeries(db, await credentialOf(userId, whose), granularity);
      return {
        granularity,
        buckets: series.map((b) => ({ at: b.at.toISOString(), bytes: b.bytes })),
        total_bytes: series.reduce((sum, b) => sum + b.bytes, 0),
      };
    },

    domains: async (userId: string, whose: Credential, date: string | undefined): Promise<LineDomains> => {
      const credential = await credentialOf(userId, whose);
      const day = dayOf(date, new Date());
      if (!domainStats) return { enabled: false, date: day, domains: [] };
      return { enabled: true, date: day, domains: await lineTopDomains(db, credential, day) };
    },
  };
};

export type LineUsageService = ReturnType<typeof createLineUsageService>;
