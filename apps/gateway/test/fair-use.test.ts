import { describe, expect, it } from 'vitest';
import { httpConnect, seedCustomer, useGatewayTestbed } from '../../../test-support/gateway.js';
import { useLoggedGateway } from '../../../test-support/logged-gateway.js';
import { seedSubuser } from '../../../test-support/subusers.js';

/**
 * Fair use against sharing (issue #31 item 3), per set of credentials, with real curl from several source
 * addresses (127.0.0.x): at most 2 sources in the window and 2 open connections here; going over is 429 with
 * the rule named in the answer and in the access log. Each sub-user's credentials count apart from the owner's.
 */
const bed = useGatewayTestbed({ gateway: false });
const run = useLoggedGateway(bed, {
  env: {
    GATEWAY_FAIR_USE_MAX_SOURCES: '2',
    GATEWAY_FAIR_USE_WINDOW_MINUTES: '10',
    GATEWAY_FAIR_USE_MAX_CONNECTIONS: '2',
  },
});

const SOURCES_RULE = 'Fair use: too many source addresses for these credentials (at most 2 in 10 minutes)';
const CONNECTIONS_RULE = 'Fair use: too many open connections for these credentials (at most 2)';
const logged = (reason: string, from: string) => run.logged({ reason, source: from, outcome: 'busy' });

describe('fair use per set of credentials (issue #31 item 3)', () => {
  it('refuses a third source address within the window (429), on every protocol; the first two and a sub-user still work', async () => {
    const owner = await seedCustomer(bed.database.db, { product: 'PR_2' });
    const sub = await seedSubuser(bed.database.db, owner.userId, 'PR_2');
    await run.gateway.sync();
    expect((await run.curl(owner, 'http', '127.0.0.2')).status).toBe(200);
    expect((await run.curl(owner, 'connect', '127.0.0.3')).status).toBe(200);
    const third = await run.curl(owner, 'http', '127.0.0.4');
    expect({ status: third.status, body: third.body.trim() }).toEqual({ status: 429, body: SOURCES_RULE });
    expect(await run.curl(owner, 'connect', '127.0.0.4')).toMatchObject({
      connect: 429,
    });
    expect((await run.curl(owner, 'socks5', '127.0.0.4')).exit).not.toBe(0);
    await logged(SOURCES_RULE, '127.0.0.4');
    // The addresses already in the window go on; the sub-user's credentials have a window of their own.
    expect((await run.curl(owner, 'socks5', '127.0.0.2')).status).toBe(200);
    expect((await run.curl(sub, 'http', '127.0.0.4')).status).toBe(200);
    expect((await run.curl(sub, 'http', '127.0.0.5')).status).toBe(200);
    expect((await run.curl(sub, 'http', '127.0.0.6')).status).toBe(429);
  });

  it('refuses a third open connection (429) and lets one in again when one closes', async () => {
    const owner = await seedCustomer(bed.database.db, { product: 'PR_6' });
    await run.gateway.sync();
    const target = `127.0.0.1:${bed.target.port}`;
    const first = await httpConnect(run.gateway.port, target, owner);
    const second = await httpConnect(run.gateway.port, target, owner);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await httpConnect(run.gateway.port, target, owner);
    expect({ status: third.status, body: third.body }).toEqual({
      status: 429,
      body: `${CONNECTIONS_RULE}\n`,
    });
    await logged(CONNECTIONS_RULE, '127.0.0.1');
    first.socket.destroy();
    await expect
      .poll(async () => {
        const again = await httpConnect(run.gateway.port, target, owner);
        again.socket.destroy();
        return again.status;
      })
      .toBe(200);
    second.socket.destroy();
  });
});
