import { databaseNow, loadSubuserChanges, loadSubusers, type Db, type GatewaySubuser } from '@proxydesk/db';

/** Changes are read again from this long before the last read: a write that committed late is still seen. */
const OVERLAP_MS = 15_000;
/** Everything is read again this often anyway: what an overlap could ever miss lasts no longer. */
const FULL_EVERY_MS = 5 * 60_000;

type Read = { full: GatewaySubuser[] } | { changed: GatewaySubuser[]; deleted: string[] };

/**
 * The gateway's copy of every sub-user (issue #31, ADR 018), by proxy username. The first read and one every
 * five minutes load them all; the re-reads in between (every sync, every announced change) load only the rows
 * written or deleted since the last read, less 15 seconds (the triggers of migration 0023 stamp them with the
 * database's clock), and patch the copy: with 100,000 sub-users a re-read costs what changed, not 100,000 rows.
 */
export const createSubuserCopy = (db: Db) => {
  const byUsername = new Map<string, GatewaySubuser>();
  const usernameOf = new Map<string, string>();
  let readFrom: Date | undefined;
  let fullAt = 0;

  const put = (subuser: GatewaySubuser) => {
    byUsername.set(subuser.proxyUsername, subuser);
    usernameOf.set(subuser.id, subuser.proxyUsername);
  };

  return {
    /** Reads what the copy needs (nothing changes until `apply`, so a failed re-read leaves it whole). */
    read: async (): Promise<Read & { at: Date }> => {
      // The clock is read beside the rows, not before them (one round trip less): the overlap covers the gap.
      const since = readFrom;
      if (!since || Date.now() - fullAt >= FULL_EVERY_MS) {
        const [at, full] = await Promise.all([databaseNow(db), loadSubusers(db)]);
        return { full, at };
      }
      const [at, changes] = await Promise.all([
        databaseNow(db),
        loadSubuserChanges(db, new Date(since.getTime() - OVERLAP_MS)),
      ]);
      return { ...changes, at };
    },
    /** Patches the copy with a read; answers the copy. */
    apply: (read: Read & { at: Date }): ReadonlyMap<string, GatewaySubuser> => {
      if ('full' in read) {
        byUsername.clear();
        usernameOf.clear();
        for (const subuser of read.full) put(subuser);
        fullAt = Date.now();
      } else {
        for (const id of read.deleted) {
          const username = usernameOf.get(id);
          if (username === undefined) continue;
          byUsername.delete(username);
          usernameOf.delete(id);
        }
        for (const subuser of read.changed) put(subuser);
      }
      readFrom = read.at;
      return byUsername;
    },
  };
};
