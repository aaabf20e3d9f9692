import { adminCatalogueEndpoints as endpoints } from '@proxydesk/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { actorOf } from './actor.js';
import type { AdminCatalogueService } from './admin-catalogue.service.js';

/** The catalogue in the console (issue #17 §5): staff read it, operators edit it. */
export const adminCatalogueRoutes = (app: FastifyInstance, catalogue: AdminCatalogueService): void => {
  route(app, endpoints.catalogue, async ({ account }) => ({
    payload: await catalogue.catalogue(account.user.role === 'operator'),
  }));
  route(app, endpoints.locations, async () => ({ payload: await catalogue.locations() }));

  route(app, endpoints.createPlan, async ({ body: { reason, ...plan }, account, request }) => ({
    detail: 'Plan added',
    payload: await catalogue.createPlan(actorOf(account, request), plan, reason),
  }));
  route(app, endpoints.editPlan, async ({ params, body: { reason, ...plan }, account, request }) => ({
    detail: 'Plan saved',
    payload: await catalogue.editPlan(actorOf(account, request), params.id, plan, reason),
  }));
  route(app, endpoints.retirePlan, async ({ params, body, account, request }) => ({
    detail: 'Plan retired',
    payload: await catalogue.retirePlan(actorOf(account, request), params.id, body.reason),
  }));
  route(app, endpoints.setDayPrices, async ({ params, body, account, request }) => {
    await catalogue.setDayPrices(actorOf(account, request), params.type, body.prices, body.reason);
    return { detail: 'Day prices saved' };
  });
  route(app, endpoints.setPaymentMethods, async ({ body, account, request }) => {
    await catalogue.setPaymentMethods(actorOf(account, request), body.methods, body.reason);
    return { detail: 'Payment methods saved' };
  });

  route(app, endpoints.createCoupon, async ({ body: { reason, ...coupon }, account, request }) => ({
    detail: 'Promo code created',
    payload: await catalogue.createCoupon(actorOf(account, request), coupon, reason),
  }));
  route(app, endpoints.editCoupon, async ({ params, body: { reason, ...coupon }, account, request }) => ({
    detail: 'Promo code saved',
    payload: await catalogue.editCoupon(actorOf(account, request), params.id, coupon, reason),
  }));

  route(app, endpoints.createFaq, async ({ body: { reason, ...faq }, account, request }) => {
    await catalogue.createFaq(actorOf(account, request), faq, reason);
    return { detail: 'Question added' };
  });
  route(app, endpoints.editFaq, async ({ params, body: { reason, ...faq }, account, request }) => {
    await catalogue.editFaq(actorOf(account, request), params.id, faq, reason);
    return { detail: 'Question saved' };
  });
  route(app, endpoints.deleteFaq, async ({ params, body, account, request }) => {
    await catalogue.deleteFaq(actorOf(account, request), params.id, body.reason);
    return { detail: 'Question removed' };
  });
  route(app, endpoints.orderFaqs, async ({ body, account, request }) => {
    await catalogue.orderFaqs(actorOf(account, request), body.ids, body.reason);
    return { detail: 'FAQ order saved' };
  });

  route(app, endpoints.setAnnouncement, async ({ body: { reason, ...value }, account, request }) => {
    await catalogue.setAnnouncement(actorOf(account, request), value, reason);
    return { detail: 'Announcement saved' };
  });
  route(app, endpoints.setSocialLinks, async ({ body, account, request }) => {
    await catalogue.setSocialLinks(actorOf(account, request), body.links, body.reason);
    return { detail: 'Social links saved' };
  });
  route(app, endpoints.setMaintenance, async ({ body, account, request }) => {
    await catalogue.setMaintenance(actorOf(account, request), body.status, body.reason);
    return { detail: body.status ? 'Maintenance page on' : 'Maintenance page off' };
  });
  route(app, endpoints.setReplacementQuota, async ({ body, account, request }) => {
    await catalogue.setReplacementPercent(actorOf(account, request), body.percent, body.reason);
    return {
      detail: `Customers may replace ${body.percent} % of a plan's addresses each month (at least 1)`,
    };
  });
  route(app, endpoints.setLocation, async ({ body: { reason, active, ...place }, account, request }) => {
    await catalogue.setLocation(actorOf(account, request), place, active, reason);
    return { detail: active ? 'Location on' : 'Location off' };
  });
};
