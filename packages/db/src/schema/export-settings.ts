import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ownerId } from './accounts.js';
import { updatedAt } from './columns.js';

/**
 * The export template a customer used last (issue #32 item 5), one per kind of line: `login` (residential, ISP,
 * premium) and `whitelist` (datacenter, IPv6). Kept on the server, so the API and another browser see it.
 */
export const exportSettings = pgTable(
  'export_settings',
  {
    userId: ownerId(),
    kind: text('kind', { enum: ['login', 'whitelist'] }).notNull(),
    template: text('template').notNull(),
    format: text('format', { enum: ['txt', 'csv', 'json'] }).notNull(),
    protocol: text('protocol', { enum: ['http', 'socks5'] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
