import { clearToken } from '../../lib/token';

/** Logout removes the token and goes to /login (SPEC.md §2). */
export const logout = (): void => {
  clearToken();
  window.location.assign('/login');
};
