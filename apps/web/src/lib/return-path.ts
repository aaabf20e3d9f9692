/** Where a signed-out visitor was going (issue #19): signing in goes back there instead of to /. */
const KEY = 'proxydesk.returnTo';

export const rememberReturnPath = (path: string): void => {
  sessionStorage.setItem(KEY, path);
};

/** The remembered in-app path, once; `/` when none (or when it is not a path of this app). */
export const takeReturnPath = (): string => {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/';
};
