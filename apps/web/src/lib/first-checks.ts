import { authEndpoints, contentEndpoints } from '@proxydesk/contract';
import { call } from './api';

/**
 * The calls the app may make before it draws anything (maintenance, who is signed in, the auth settings), with
 * their schemas: loaded beside the first page, not in it (ADR 003). The server seeds the maintenance
 * flag and the auth settings into the page (lib/boot.ts): a visitor without a session never waits for this chunk.
 */
export const fetchMaintenance = async (signal: AbortSignal) =>
  (await call(contentEndpoints.maintenance, { signal })).payload[0]?.status ?? false;

export const fetchAccess = async (signal: AbortSignal) =>
  (await call(authEndpoints.access, { signal })).payload;

export const fetchAuthConfig = async (signal: AbortSignal) =>
  (await call(authEndpoints.config, { signal })).payload;
