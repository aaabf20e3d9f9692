import { replacementEndpoints, type ReplacementQuota } from '@proxydesk/contract';
import { readPlanAddresses, replaceAddresses, type Db } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';

const planNotFound = () => new HttpError(404, 'Plan not found');
const quotaWords = (q: ReplacementQuota) => `${q.used} of ${q.quota} replacements used this month`;

/** A customer replaces addresses of a datacenter or IPv6 plan (issue #32 item 4, ADR 017). */
export const replacementRoutes = (app: FastifyInstance, db: Db): void => {
  route(app, replacementEndpoints.addresses, async ({ account, params }) => {
    const found = await readPlanAddresses(db, account.user.id, params.id);
    if (!found) throw planNotFound();
    return { payload: { plan_id: params.id, ...found } };
  });

  route(app, replacementEndpoints.replace, async ({ account, params, body, request }) => {
    const outcome = await replaceAddresses(db, {
      actor: { userId: account.user.id, ip: request.ip },
      planId: params.id,
      addresses: body.addresses,
    });
    if (outcome === 'plan-not-found') throw planNotFound();
    if (outcome === 'not-replaceable')
      throw new HttpError(400, 'Only datacenter and IPv6 plans have addresses of their own to replace');
    if (outcome === 'named-twice') throw new HttpError(400, 'An address is named twice');
    if (outcome === 'pool-exhausted')
      throw new HttpError(
        409,
        'No free address of this pool right now: nothing was replaced, please try later or contact support',
      );
    if ('notActive' in outcome)
      throw new HttpError(
        409,
        `Only an active plan's addresses can be replaced: this plan is ${outcome.notActive}`,
      );
    if ('notOnPlan' in outcome)
      throw new HttpError(400, `${outcome.notOnPlan} is not an address of this plan`);
    if ('overQuota' in outcome) {
      const left = Math.max(0, outcome.overQuota.quota - outcome.overQuota.used);
      throw new HttpError(
        403,
        `Monthly replacement quota reached: ${quotaWords(outcome.overQuota)}, ${left} left (it resets ${outcome.overQuota.resets_at.slice(0, 10)})`,
      );
    }
    const n = outcome.replaced.length;
    return {
      detail: `${n} address${n === 1 ? '' : 'es'} replaced · ${quotaWords(outcome.replacements)}`,
      payload: { plan_id: params.id, ...outcome },
    };
  });
};
