import {
  defaultExportSettings,
  EXPORT_KINDS,
  type ExportKind,
  type ExportSettings,
} from '@proxydesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { exportSettings } from '../schema/index.js';

/** A customer's last export settings of each kind; the default (today's line, txt, http) where none is kept. */
export const readExportSettings = async (
  db: Db,
  userId: string,
): Promise<Record<ExportKind, ExportSettings>> => {
  const rows = await db.select().from(exportSettings).where(eq(exportSettings.userId, userId));
  const kept = (kind: ExportKind) => rows.find((row) => row.kind === kind);
  return Object.fromEntries(
    EXPORT_KINDS.map((kind) => {
      const row = kept(kind);
      return [
        kind,
        row
          ? { template: row.template, format: row.format, protocol: row.protocol }
          : defaultExportSettings(kind),
      ];
    }),
  ) as Record<ExportKind, ExportSettings>;
};

/** Keeps the settings a customer just used, in place of the last ones of that kind. */
export const saveExportSettings = async (
  db: Db,
  userId: string,
  kind: ExportKind,
  settings: ExportSettings,
): Promise<void> => {
  await db
    .insert(exportSettings)
    .values({ userId, kind, ...settings })
    .onConflictDoUpdate({
      target: [exportSettings.userId, exportSettings.kind],
      set: { ...settings, updatedAt: sql`now()` },
    });
};
