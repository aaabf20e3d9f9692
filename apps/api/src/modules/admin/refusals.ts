import { Refusal, type TargetRefusal } from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';

/** A console change refused by its repository (a Refusal) answers 409 with the refusal's words. */
export const refusalsAnswered = async <T>(change: Promise<T>): Promise<T> => {
  try {
    return await change;
  } catch (error) {
    if (error instanceof Refusal) throw new HttpError(409, error.message);
    throw error;
  }
};

/**
 * The console's answer when an action's target is not for it (issue #28, ADR 004): one's own account
 * (Settings re-authenticates) or a member of staff (the staff screen manages them). 409: the account exists
 * and the console shows it, the action is what conflicts.
 */
export const TARGET_REFUSALS: Record<TargetRefusal, [number, string]> = {
  self: [409, 'Not on your own account: use Settings, which asks for your password or code'],
  staff: [409, 'Not on a staff account: staff are managed in the Staff screen'],
};
