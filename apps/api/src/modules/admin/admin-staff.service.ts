import type { AdminStaffMember } from '@proxydesk/contract';
import {
  addStaff,
  listStaff,
  removeStaff,
  type Actor,
  type Db,
  type StaffChange,
  type StaffRole,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import { TARGET_REFUSALS } from './refusals.js';

/** Each refusal of a staff change, as the operator reads it. */
const refusal = (outcome: Exclude<StaffChange, object>, username?: string): HttpError => {
  switch (outcome) {
    case 'no-such-user':
      return username === undefined
        ? new HttpError(404, 'No such member of staff')
        : new HttpError(404, `No account with the username "${username}"`);
    case 'self':
      return new HttpError(...TARGET_REFUSALS.self);
    case 'already-staff':
      return new HttpError(409, 'This account is staff already: remove it first to change its role');
    case 'not-a-customer':
      return new HttpError(409, 'A reseller becomes staff once made a customer again (Customers → Reseller)');
    case 'not-staff':
      return new HttpError(409, 'This account is not staff');
  }
};

export type AdminStaffService = ReturnType<typeof createAdminStaffService>;

/** Staff are customers' accounts with a console role (issue #28 item 2, ADR 004). */
export const createAdminStaffService = (db: Db) => ({
  list: async (): Promise<AdminStaffMember[]> =>
    (await listStaff(db)).map((member) => ({
      id: member.id,
      username: member.username,
      email: member.email,
      role: member.role as StaffRole,
      is_2fa: member.is2fa,
      last_sign_in: member.lastSignIn ? new Date(member.lastSignIn).toISOString() : null,
    })),

  add: async (actor: Actor, body: { username: string; role: StaffRole; reason: string }) => {
    const outcome = await addStaff(db, actor, body);
    if (typeof outcome === 'string') throw refusal(outcome, body.username);
    return `${outcome.username} is now ${body.role}: they open the console once signed in with two-factor`;
  },

  remove: async (actor: Actor, userId: string, reason: string) => {
    const outcome = await removeStaff(db, actor, { userId, reason });
    if (typeof outcome === 'string') throw refusal(outcome);
    return `${outcome.username} is a customer again and signed out everywhere`;
  },
});
