import { TOKEN_COOKIE } from '@proxydesk/contract';

const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The session token lives in a cookie (SPEC.md §6) that the client sends as a bearer header. */
export const readToken = (): string | null => {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(TOKEN_COOKIE.length + 1)) : null;
};

export const storeToken = (token: string): void => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
};

export const clearToken = (): void => {
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
};
