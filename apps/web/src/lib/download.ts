import { buildPath, type Endpoint } from '@proxydesk/contract';
import { ApiError } from './api';
import { readToken } from './token';

/**
 * A file the API answers (a PDF), fetched with the session's bearer token and saved by the browser under the
 * server's file name; a refusal is thrown as an ApiError with the server's `detail`. Answers the file's name.
 */
export const downloadFile = async (
  endpoint: Endpoint,
  params: Record<string, string>,
  fallbackName: string,
): Promise<string> => {
  const token = readToken();
  const response = await fetch(buildPath(endpoint.path, params), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    throw new ApiError(response.status, body.detail ?? `Download failed (${response.status})`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(name, await response.blob());
  return name;
};

/** Hands the browser a file made here (or fetched) to save under `name`. */
export const saveBlob = (name: string, blob: Blob): void => {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
