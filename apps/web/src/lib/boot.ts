import type { authEndpoints, z } from '@proxydesk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { authConfigQuery } from '../features/auth/api/get-auth-config';
import { maintenanceQuery } from '../features/content/api/get-maintenance';

/**
 * What the server already knows when it sends a page (apps/api/src/plugins/web.ts), written into it as
 * JSON: the app starts with these answers instead of asking for them, and a page rendered at build time
 * hydrates with the same data it was drawn with.
 */
export interface Boot {
  maintenance: boolean;
  authConfig: z.output<typeof authEndpoints.config.response>['payload'];
  /** In a signed-in page: the API's answers to its first GETs, by URL (lib/first-answers.ts). */
  answers?: Record<string, unknown>;
}

/** The `<script type="application/json">` element that carries it. */
export const BOOT_ELEMENT_ID = 'boot';

export const seedQueries = (client: QueryClient, boot: Boot): void => {
  client.setQueryData(maintenanceQuery().queryKey, boot.maintenance);
  client.setQueryData(authConfigQuery().queryKey, boot.authConfig);
};

/** The page's boot data, or null (the development server sends none). */
export const readBoot = (): Boot | null => {
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Boot;
  } catch {
    return null;
  }
};
