import type { FastifyInstance } from 'fastify';

/**
 * The API's answers to a signed-in page's first GETs (issue #18), asked through the app's own routes as the
 * browser would ask them: the same session check, rate limit (counted for the browser's address) and
 * serializers. The first path is the session check: when it fails, nothing is answered.
 */
export const answersFor = async (
  app: FastifyInstance,
  [check, ...rest]: string[],
  { token, ip }: { token: string; ip: string },
): Promise<Record<string, unknown>> => {
  const get = async (url: string) => {
    const res = await app.inject({
      method: 'GET',
      url,
      remoteAddress: ip,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    return res.statusCode === 200 ? [[url, res.json<unknown>()] as const] : [];
  };
  if (check === undefined) return {};
  const session = await get(check);
  if (session.length === 0) return {};
  return Object.fromEntries([...session, ...(await Promise.all(rest.map(get))).flat()]);
};
