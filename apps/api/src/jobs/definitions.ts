import { deleteEndedSessionsAndCodes, type Db } from '@proxydesk/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from './runner.js';

/** Every job the shop runs: one place to see what happens on its own. */
export const shopJobs = ({ db, log }: { db: Db; log: FastifyBaseLogger }): JobDefinition[] => [
  {
    name: 'clean-up-sessions-and-codes',
    cron: '17 3 * * *',
    handler: async () => {
      const gone = await deleteEndedSessionsAndCodes(db);
      log.info(gone, 'deleted ended sessions and used codes older than 30 days');
    },
  },
];
