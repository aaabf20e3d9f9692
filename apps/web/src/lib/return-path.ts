/** Where a signed-out visitor was going (issue #19): signing in goes back there instead of to /. */
const KEY = 'proxydesk.returnTo';

/**
 * `path` if it is an address of this app (a path on this origin), else null: what an address's `?next=` may
 * name, so that no link can send a visitor to another site after signing in (an open redirect).
 */
export const safeReturnPath = (path: string | null | undefined): string | null => {
  // Not protocol-relative (`//host`), no backslash (`/\host` reads as `//host`), no control characters.
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if ([...path].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return null;
  try {
    const base = 'https://app.invalid';
    const url = new URL(path, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
};

/** `page` with `next` to go back to after signing up or in (sign-up and sign-in read it: `rememberNext`). */
export const withNext = (page: string, next: string): string => `${page}?next=${encodeURIComponent(next)}`;

export const rememberReturnPath = (path: string): void => {
  sessionStorage.setItem(KEY, path);
};

/** Remembers an address's `?next=` when it is one of this app's (`safeReturnPath`); answers it, or null. */
export const rememberNext = (search: URLSearchParams): string | null => {
  const next = safeReturnPath(search.get('next'));
  if (next) rememberReturnPath(next);
  return next;
};

/** The remembered in-app path, once; `/` when none (or when it is not a path of this app). */
export const takeReturnPath = (): string => {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return safeReturnPath(path) ?? '/';
};
