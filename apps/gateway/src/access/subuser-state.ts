import { BYTES_PER_GB, bytesTowardLimit, type GatewaySubuser } from '@proxydesk/db';
import { refuse, type Refusal } from './decision.js';

/** A limit as the customer set it: GB, or MB below a hundredth of one. */
const gb = (bytes: number) =>
  bytes >= BYTES_PER_GB / 100
    ? `${Math.round((bytes / BYTES_PER_GB) * 100) / 100} GB`
    : `${Math.round((bytes / 1024 ** 2) * 100) / 100} MB`;

const LIMIT_WORDS = {
  lifetime: (limit: number) => `its data limit (${gb(limit)})`,
  month: (limit: number) => `its data limit for this month (${gb(limit)}): it resets on the 1st at 00:00 UTC`,
  day: (limit: number) => `its data limit for today (${gb(limit)}): it resets at 00:00 UTC`,
} as const;

/**
 * A sub-user's own state once its credentials and its owner's plan are right (issue #31 item 2): paused, past
 * its data limit (the database's count for the period plus what this gateway counted since), or asking for a
 * country outside its list (a line with no country only when the list is empty). Refused 403 with the reason,
 * which the access log names. Checked at every connection and again at every snapshot for the open ones, so a
 * limit reached mid-transfer closes the transfer at the next sample (one metering interval).
 */
export const subuserState = (
  subuser: GatewaySubuser,
  options: Readonly<Record<string, string>>,
  pendingBytes: number,
  now: number,
): Refusal | undefined => {
  const who = { customer: subuser.userId, product: subuser.productType, subuser: subuser.id };
  if (subuser.paused) return refuse('forbidden', 'This sub-user is paused', who);
  const allowed = subuser.allowedCountries;
  if (allowed.length > 0) {
    const country = options.country;
    if (country === undefined)
      return refuse(
        'forbidden',
        `This sub-user may use only ${allowed.join(', ')}: name one in the password (_country-${allowed[0]})`,
        who,
      );
    if (!allowed.includes(country))
      return refuse(
        'forbidden',
        `Country "${country}" is not allowed for this sub-user (only ${allowed.join(', ')})`,
        who,
      );
  }
  const limit = subuser.limitBytes;
  if (limit !== null && bytesTowardLimit(subuser, new Date(now)) + pendingBytes >= limit)
    return refuse('forbidden', `This sub-user has used ${LIMIT_WORDS[subuser.limitPeriod](limit)}`, who);
  return undefined;
};
