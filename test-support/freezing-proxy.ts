import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback in front of PostgreSQL that can freeze chosen connections as a half-open link does:
 * bytes stop going either way, and nothing is closed (no FIN, no RST), so neither end notices. `freeze(match)`
 * freezes each connection whose client has sent a statement containing `match` (e.g. `listen `).
 */
export const startFreezingProxy = async (target: { host: string; port: number }) => {
  const links: { client: Socket; server: Socket; sent: string; frozen: boolean }[] = [];
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const link = { client, server: upstream, sent: '', frozen: false };
    links.push(link);
    client.on('data', (chunk) => {
      if (link.sent.length < 10_000) link.sent += chunk.toString('latin1');
      if (!link.frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!link.frozen) client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** Freezes the open connections whose client sent `match`; answers how many. */
    freeze: (match: string) => {
      const chosen = links.filter((link) => link.sent.toLowerCase().includes(match.toLowerCase()));
      for (const link of chosen) link.frozen = true;
      return chosen.length;
    },
    close: async () => {
      for (const link of links) {
        link.client.destroy();
        link.server.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
