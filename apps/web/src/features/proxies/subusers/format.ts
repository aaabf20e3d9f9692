import type { SubuserLimitPeriod } from '@proxydesk/contract';

/** Bytes as people read them: MB under a GB, else GB, two decimals (1 GB = 1024³ bytes, as plans count). */
export const formatBytes = (bytes: number): string =>
  bytes < 1024 ** 3 ? `${(bytes / 1024 ** 2).toFixed(2)} MB` : `${(bytes / 1024 ** 3).toFixed(2)} GB`;

export const PERIOD_WORDS: Record<SubuserLimitPeriod, string> = {
  lifetime: 'in total',
  month: 'per month',
  day: 'per day',
};
