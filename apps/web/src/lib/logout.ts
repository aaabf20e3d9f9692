import { authEndpoints } from '@proxydesk/contract';
import { call } from './api';
import { appUrl } from './app-paths';
import { clearToken } from './token';

/** Logout revokes the session, removes the token and goes to /login (SPEC.md §2), /4/login during maintenance. */
export const logout = async (): Promise<void> => {
  await call(authEndpoints.logout).catch(() => undefined);
  clearToken();
  window.location.assign(appUrl('/login'));
};
