import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';

const bed = useMailedApp();

const proxyPasswordOf = async (username: string) =>
  (await bed.t.database.db.select().from(schema.users).where(eq(schema.users.username, username)))[0]!
    .proxyPassword;

describe('POST /v1/user/reset-proxy-password (issue #6: a leaked line is stopped)', () => {
  it('gives the customer a new proxy password, and nobody else', async () => {
    const token = await signUp(bed.api, bed.smtp, { username: 'leaky', email: 'leaky@example.com' });
    await signUp(bed.api, bed.smtp, { username: 'bystander', email: 'bystander@example.com' });
    const [before, other] = [await proxyPasswordOf('leaky'), await proxyPasswordOf('bystander')];

    const answer = await bed.api.post('/v1/user/reset-proxy-password', undefined, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.detail).toBe(
      'New proxy password set: lines with the old one stop working within seconds. Generate them again.',
    );
    expect(answer.body.payload.password).toMatch(/^[a-z0-9]{20}$/);
    expect(answer.body.payload.password).not.toBe(before);
    expect(await proxyPasswordOf('leaky')).toBe(answer.body.payload.password);
    expect(await proxyPasswordOf('bystander')).toBe(other);
  });

  it('needs a session', async () => {
    expect((await bed.api.post('/v1/user/reset-proxy-password')).status).toBe(401);
  });
});
