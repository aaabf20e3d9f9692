// The far end of every tunnel, in a process of its own so that it does not share the benchmark client's
// event loop (a single stream would otherwise measure this process, not the proxy).
// `node target-server.mjs <echo bytes> <bulk bytes>` prints {"echo":port,"bulk":port} once both listen.
import net from 'node:net';

const echoBytes = Number(process.argv[2]);
const bulkBytes = Number(process.argv[3]);
// One buffer written again and again: the sender allocates nothing per chunk.
const CHUNK = Buffer.alloc(Math.min(4 << 20, bulkBytes), 0x61);
const REPLY = Buffer.alloc(echoBytes, 0x62);

/** Reads `echoBytes`, answers as many and closes first, so TIME_WAIT stays on this side's fixed port. */
const echo = (socket) => {
  let received = 0;
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    received += chunk.length;
    if (received >= echoBytes) socket.end(REPLY);
  });
};

/** Sends `bulkBytes` as fast as the socket drains, then closes. */
const bulk = (socket) => {
  let left = bulkBytes;
  socket.on('error', () => {});
  socket.resume();
  const pump = () => {
    while (left > 0) {
      const size = Math.min(left, CHUNK.length);
      left -= size;
      if (!socket.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) {
        socket.once('drain', pump);
        return;
      }
    }
    socket.end();
  };
  pump();
};

const listen = (handler) =>
  new Promise((resolve) => {
    const server = net.createServer({ noDelay: true }, handler);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });

const ports = { echo: await listen(echo), bulk: await listen(bulk) };
process.stdout.write(`${JSON.stringify(ports)}\n`);
