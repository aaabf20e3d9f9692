import { appUrl } from '../../lib/app-paths';
import { clearToken } from '../../lib/token';

/** Logout removes the token and goes to /login (SPEC.md §2), /4/login during maintenance. */
export const logout = (): void => {
  clearToken();
  window.location.assign(appUrl('/login'));
};
