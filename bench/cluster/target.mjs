import net from 'node:net';

/** What one tunnel carries: a request out to the target, and a larger answer back, like a small web page. */
export const TUNNEL_BYTES = { up: 4 * 1024, down: 48 * 1024 };

/**
 * The far end of every tunnel, on 127.0.0.1:`port`: reads `TUNNEL_BYTES.up`, answers `TUNNEL_BYTES.down`
 * and closes. It counts every byte it received and sent, on every connection however it ended: what the
 * gateways moved, to hold the usage they wrote against.
 */
export const startTarget = async (port) => {
  const reply = Buffer.alloc(TUNNEL_BYTES.down, 0x62);
  const moved = { up: 0, down: 0 };
  const open = new Set();
  const server = net.createServer({ noDelay: true }, (socket) => {
    open.add(socket);
    let received = 0;
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      received += chunk.length;
      if (received >= TUNNEL_BYTES.up && socket.writable) socket.end(reply);
    });
    socket.once('close', () => {
      open.delete(socket);
      moved.up += socket.bytesRead;
      moved.down += socket.bytesWritten;
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    /** Bytes of connections closed so far. */
    moved: () => ({ ...moved }),
    openConnections: () => open.size,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
