import type { AdminWebhookDelivery } from '@proxydesk/contract';
import { insertEndpoint, queueWebhookEvent, schema } from '@proxydesk/db';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useConsoleApp } from '../../../test-support/staff.js';

/**
 * The console's customer webhooks (issue #32 item 3): every customer's deliveries with the receivers' answers,
 * filtered by customer, state and event, and an operator's re-send: a reason, audited, never on staff or oneself.
 */
const bed = useConsoleApp(['carla', 'dave']);
let answer: { status: number; body: string } = { status: 500, body: 'boom: database down' };
let receiver: Server;
let url: string;
const ids: Record<string, string> = {};

const db = () => bed.t.database.db;
const list = (query = '', token = bed.tokens.sue) =>
  bed.api.get(`/v1/admin/webhook-deliveries${query}`, { token });
const resend = (
  id: string,
  body: Record<string, unknown> = { reason: 'customer asked again' },
  token = bed.tokens.olga,
) => bed.api.post(`/v1/admin/webhook-deliveries/${id}/resend`, body, { token });

/** An endpoint of `who` and one event to it, waited for until the sender tried it once. */
const delivery = async (who: string, type: 'invoice.paid' | 'plan.expired', key: string) => {
  await insertEndpoint(db(), { userId: ids[who]!, url, events: [type], secret: 'whsec_test' });
  await queueWebhookEvent(db(), { userId: ids[who]!, type, data: { key }, onceKey: key });
  return vi.waitFor(
    async () => {
      const found = (await list(`?customer=${who}&event=${type}`)).body.results as AdminWebhookDelivery[];
      const tried = found.find((row) => row.attempts > 0 && row.event === type);
      if (!tried) throw new Error('not tried yet');
      return tried;
    },
    { timeout: 10_000, interval: 50 },
  );
};

let carlaPaid: AdminWebhookDelivery;
let carlaExpired: AdminWebhookDelivery;
let olgaOwn: AdminWebhookDelivery;
let sueOwn: AdminWebhookDelivery;
beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(answer.status).end(answer.body));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  for (const user of await db().select().from(schema.users)) ids[user.username] = user.id;
  carlaPaid = await delivery('carla', 'invoice.paid', 'carla-paid');
  carlaExpired = await delivery('carla', 'plan.expired', 'carla-expired');
  olgaOwn = await delivery('olga', 'invoice.paid', 'olga-paid');
  sueOwn = await delivery('sue', 'invoice.paid', 'sue-paid');
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('the console’s customer webhook deliveries (issue #32 item 3)', () => {
  it('lists every customer’s deliveries with the receiver’s answer, newest first, for staff only', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(4);
    expect(all.body.next).toBeNull();
    const row = (all.body.results as AdminWebhookDelivery[]).find((r) => r.id === carlaPaid.id)!;
    expect(row).toMatchObject({
      customer: 'carla',
      customer_id: ids.carla,
      event: 'invoice.paid',
      url,
      state: 'pending',
      attempts: 1,
      last_status: 500,
      last_answer: 'boom: database down',
    });
    expect((await list('', bed.tokens.dave)).status).toBe(404);
  });

  it('filters by customer (name or id), state and event', async () => {
    const ofCarla = (await list('?customer=CARLA')).body.results as AdminWebhookDelivery[];
    expect(ofCarla.map((r) => r.id).sort()).toEqual([carlaPaid.id, carlaExpired.id].sort());
    expect((await list(`?customer=${ids.carla}&event=plan.expired`)).body.results).toEqual([
      expect.objectContaining({ id: carlaExpired.id }),
    ]);
    expect((await list('?state=delivered')).body).toEqual({ count: 0, next: null, results: [] });
    expect((await list('?customer=nobody')).body.count).toBe(0);
    expect((await list('?state=lost')).status).toBe(400);
    expect((await list('?event=invoice.lost')).status).toBe(400);
  });

  it('re-sends a customer’s delivery for an operator with a reason, audited, with the new answer', async () => {
    expect((await resend(carlaPaid.id, {}, bed.tokens.olga)).status).toBe(400);
    expect((await resend(carlaPaid.id, undefined, bed.tokens.sue)).status).toBe(403);
    answer = { status: 204, body: '' };
    const sent = await resend(carlaPaid.id);
    expect(sent.status).toBe(200);
    expect(sent.body.detail).toBe('Delivered');
    expect(sent.body.payload).toMatchObject({
      id: carlaPaid.id,
      state: 'delivered',
      attempts: 2,
      last_status: 204,
    });
    const trail = await bed.api.get(`/v1/admin/audit?target=${carlaPaid.id}`, { token: bed.tokens.olga });
    expect(trail.body.results[0]).toMatchObject({ action: 'webhook.resend', reason: 'customer asked again' });
    expect((await list('?state=delivered')).body.results).toEqual([
      expect.objectContaining({ id: carlaPaid.id }),
    ]);
  });

  it('never re-sends a member of staff’s delivery, nor the operator’s own; an unknown one is 404', async () => {
    const audits = (await db().select().from(schema.auditLog)).length;
    expect(await resend(olgaOwn.id)).toEqual({
      status: 409,
      body: { detail: 'Not on your own account: use Settings, which asks for your password or code' },
    });
    expect(await resend(sueOwn.id)).toEqual({
      status: 409,
      body: { detail: 'Not on a staff account: staff are managed in the Staff screen' },
    });
    expect((await resend('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await resend('not-a-uuid')).status).toBe(404);
    expect((await db().select().from(schema.auditLog)).length).toBe(audits);
  });
});
