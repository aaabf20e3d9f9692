import { cutDatabase } from './database.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue #14's bad day, on the run's clock: the bench's database cut for `outageSeconds` from `cutAt`, and
 * API instance 2 killed (SIGKILL, as a crash or an OOM kill would) at `killAt`. Each event lands in `events`.
 */
export const runOutages = ({ options, fleet, clock, events }) => {
  const at = async (second) => sleep(Math.max(0, second - clock()) * 1000);

  const databaseCut = (async () => {
    if (options.cutAt === undefined) return;
    await at(options.cutAt);
    const cut = await cutDatabase(options.postgresUrl);
    events.push({
      at: clock(),
      what: `database cut: new connections refused, ${cut.backendsEnded} connections ended`,
    });
    await sleep(options.outageSeconds * 1000);
    await cut.restore();
    events.push({ at: clock(), what: 'database back: connections allowed again', databaseBack: true });
  })();

  const instanceKill = (async () => {
    if (options.killAt === undefined) return;
    await at(options.killAt);
    const victim = fleet.member('api-2');
    fleet.expectExit('api-2');
    victim.started.child.kill('SIGKILL');
    events.push({ at: clock(), what: 'api-2 killed (SIGKILL)', killed: 'api-2' });
  })();

  return Promise.all([databaseCut, instanceKill]);
};
