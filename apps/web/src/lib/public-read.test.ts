import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, readPublicList } from './api';

/** The API answering `body` with `status`, and the requests it was asked. */
const answering = (status: number, body: unknown) => {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readPublicList (a public list read without zod, ADR 003)', () => {
  it('answers the payload of a GET to the path, asked without a token', async () => {
    const fetch = answering(200, { payload: [{ id: 1 }, { id: 2 }] });
    await expect(readPublicList<{ id: number }>('/v1/plan/read')).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/plan/read');
    expect(init.method).toBe('GET');
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it.each([[{}], [{ payload: { id: 1 } }], [null], [[1, 2]]])(
    'refuses an answer without a list as payload (%j)',
    async (body) => {
      answering(200, body);
      const error = await readPublicList('/v1/plan/read').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 200,
        detail: 'The server sent an answer this page does not understand.',
      });
    },
  );

  it("throws the server's detail with its status", async () => {
    answering(503, { detail: 'Down for maintenance' });
    await expect(readPublicList('/v1/plan/custom-prices')).rejects.toMatchObject({
      status: 503,
      detail: 'Down for maintenance',
    });
  });
});
