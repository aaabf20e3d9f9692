import { adminCustomerActions } from '@proxydesk/contract';
import {
  changeCustomer,
  changeEmail,
  giftPlan,
  recordConfirmationResent,
  resetTwoFactor,
  revokeSessions,
  rotateProxyPassword,
  setActive,
  setReseller,
  violatedUniqueIndex,
  type Actor,
  type CustomerChange,
  type Db,
  type User,
} from '@proxydesk/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import type { Account } from '../../plugins/authenticate.js';
import { newProxyPassword } from '../auth/credentials.js';
import type { OtpService } from '../auth/otp.service.js';
import { enqueueMail } from '../mail/outbox.js';
import { TARGET_REFUSALS } from './refusals.js';

/** Each refusal of an action, as the operator reads it. */
export const REFUSALS: Record<string, [number, string]> = {
  'no-such-customer': [404, 'No such customer'],
  'no-such-plan': [404, 'This customer has no such plan'],
  ...TARGET_REFUSALS,
  unchanged: [409, 'Nothing to change: the account is already so'],
  'email-taken': [409, 'This e-mail address is already in use'],
  confirmed: [409, 'This customer has already confirmed their e-mail address'],
  'not-active': [409, 'Only an active plan can be extended or topped up'],
  'no-end': [409, 'This plan has no end date to extend'],
  'not-data-plan': [409, 'GB can only be added to a data plan (ISP or Premium Residential)'],
  nothing: [400, 'Give days to extend by or GB to add'],
  'not-started': [409, 'This plan waits for activation: it has no end date yet'],
  ended: [409, 'This plan has ended: renew it, or make an invoice for a new one'],
  refunded: [409, "This plan's invoice was refunded: it stays suspended"],
  'plan-unchanged': [409, 'Nothing to change: the plan is already so'],
};

const actorOf = (account: Account, request: FastifyRequest): Actor => ({
  userId: account.user.id,
  ip: request.ip,
});

/** One audited change on one customer (changeCustomer), its refusal answered with the operator's words. */
export const customerAction =
  (db: Db) =>
  async <R extends string>(
    account: Account,
    request: FastifyRequest,
    id: string,
    reason: string,
    change: (tx: Db, user: User) => Promise<CustomerChange | R>,
  ): Promise<CustomerChange> => {
    const outcome = await changeCustomer(db, actorOf(account, request), id, reason, change);
    if (typeof outcome === 'string') throw new HttpError(...(REFUSALS[outcome] ?? [409, outcome]));
    return outcome;
  };

/**
 * The console's actions on one customer (issue #17 §3): each checks, changes and audits in one transaction
 * (changeCustomer), answers what it did, or why not.
 */
export const customerActionRoutes = (app: FastifyInstance, deps: { db: Db; otp: OtpService }): void => {
  const act = customerAction(deps.db);
  const actions = adminCustomerActions;

  route(app, actions.setActive, async ({ params, body, account, request }) => {
    await act(account, request, params.id, body.reason, setActive(body.active));
    return { detail: body.active ? 'Account reactivated' : 'Account deactivated and signed out everywhere' };
  });

  route(app, actions.resetTwoFactor, async ({ params, body, account, request }) => {
    await act(account, request, params.id, body.reason, resetTwoFactor);
    return { detail: 'Two-factor authentication is off for this customer' };
  });

  route(app, actions.setReseller, async ({ params, body, account, request }) => {
    await act(account, request, params.id, body.reason, setReseller(body.reseller));
    return { detail: body.reseller ? 'Now a reseller' : 'Now a customer' };
  });

  route(app, actions.revokeSessions, async ({ params, body, account, request }) => {
    const { before } = await act(account, request, params.id, body.reason, revokeSessions);
    return { detail: `Signed out on every device (${String(before.sessions)} sessions ended)` };
  });

  route(app, actions.rotateProxyPassword, async ({ params, body, account, request }) => {
    await act(account, request, params.id, body.reason, rotateProxyPassword(newProxyPassword()));
    return { detail: 'New proxy password: the old one no longer works' };
  });

  route(app, actions.resendConfirmation, async ({ params, body, account, request }) => {
    const { after } = await act(account, request, params.id, body.reason, recordConfirmationResent);
    const email = String(after.mailedTo);
    const outcome = await deps.otp.issue(params.id, 'confirm_email', email);
    if (outcome === 'limited')
      throw new HttpError(429, 'This account was mailed too many codes this hour; try again later');
    return { detail: `Confirmation code mailed to ${email}` };
  });

  route(app, actions.giftPlan, async ({ params, body, account, request }) => {
    await act(
      account,
      request,
      params.id,
      body.reason,
      giftPlan({ planId: body.plan_id, days: body.days, gb: body.gb }),
    );
    const what = [body.days ? `${body.days} days` : '', body.gb ? `${body.gb} GB` : ''].filter(Boolean);
    return { detail: `Plan gifted ${what.join(' and ')}` };
  });

  route(app, actions.changeEmail, async ({ params, body, account, request }) => {
    // The old address is told in the change's own transaction (the mail outbox).
    const changeAndTell = async (tx: Db, user: User) => {
      const outcome = await changeEmail(body.email)(tx, user);
      if (typeof outcome !== 'string')
        await enqueueMail(tx, {
          to: user.email,
          template: 'email-changed',
          data: { newEmail: body.email },
          userId: user.id,
        });
      return outcome;
    };
    try {
      await act(account, request, params.id, body.reason, changeAndTell);
    } catch (error) {
      if (violatedUniqueIndex(error) === 'users_email_lower')
        throw new HttpError(...REFUSALS['email-taken']!);
      throw error;
    }
    return { detail: `E-mail address changed to ${body.email}` };
  });
};
