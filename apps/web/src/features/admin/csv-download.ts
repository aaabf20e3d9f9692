import { buildPath } from '@proxydesk/contract';
import { ApiError } from '../../lib/api';
import { readToken } from '../../lib/token';
import { only } from './url-filters';

/**
 * A console CSV export (`path` with `query`), saved by the browser under the server's file name; answers that name.
 * The server's `detail` is the error when it refuses.
 */
export const downloadCsv = async (path: string, query: Record<string, string>, fallback: string) => {
  const token = readToken();
  const search = new URLSearchParams(only(query) as Record<string, string>).toString();
  const response = await fetch(`${buildPath(path)}?${search}`, {
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }).catch(() => {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    throw new ApiError(response.status, body.detail ?? `Export failed (${response.status})`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return name;
};
