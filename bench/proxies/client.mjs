import net from 'node:net';

// Every read of every client socket lands in this one buffer, so the client allocates nothing per chunk.
// Sharing it between sockets is safe: each read is handled synchronously before the next can land.
const READ_BUFFER = Buffer.allocUnsafe(1 << 20);
const IDLE_MS = 30_000;

/**
 * A client socket to the proxy on 127.0.0.1:`port`. `reply(size)` resolves with the next handshake answer
 * once `size(bytesSoFar)` bytes of it have arrived; `count(total)` then only counts payload bytes (those
 * that came with the last answer included) and resolves once `total` have arrived.
 */
const dial = (port) => {
  let kept = Buffer.alloc(0);
  let counting = false;
  let counted = 0;
  let waiter;
  let failure;

  const settle = () => {
    if (!waiter) return;
    const current = waiter;
    if (current.size) {
      const size = current.size(kept);
      if (kept.length >= size) {
        waiter = undefined;
        const answer = kept.subarray(0, size);
        kept = kept.subarray(size);
        current.resolve(answer);
        return;
      }
    } else if (counted >= current.total) {
      waiter = undefined;
      current.resolve(counted);
      return;
    }
    if (failure) {
      waiter = undefined;
      current.reject(failure);
    }
  };
  const fail = (error) => {
    failure ??= error;
    settle();
  };
  const wait = (how) =>
    new Promise((resolve, reject) => {
      waiter = { ...how, resolve, reject };
      settle();
    });

  let timedOut = false;
  const socket = net.connect({
    host: '127.0.0.1',
    port,
    noDelay: true,
    onread: {
      buffer: READ_BUFFER,
      callback: (length, buffer) => {
        if (counting) counted += length;
        else kept = Buffer.concat([kept, buffer.subarray(0, length)]);
        settle();
      },
    },
  });
  socket.setTimeout(IDLE_MS, () => {
    timedOut = true;
    socket.destroy(new Error(`nothing from the proxy for ${IDLE_MS / 1000} s`));
  });
  socket.on('error', fail);
  socket.on('end', () =>
    fail(new Error(`proxy closed the connection after ${counting ? counted : kept.length} bytes`)),
  );
  const closed = new Promise((resolve, reject) => {
    socket.once('close', () => {
      fail(new Error('connection closed'));
      if (timedOut) reject(new Error(`the proxy did not close the tunnel within ${IDLE_MS / 1000} s`));
      else resolve();
    });
  });
  closed.catch(() => {}); // awaited only by the tunnel test; a bulk transfer reports through count()

  return {
    write: (data) => socket.write(data),
    reply: (size) => wait({ size }),
    count: (total) => {
      counting = true;
      counted = kept.length;
      kept = Buffer.alloc(0);
      return wait({ total });
    },
    closed,
    destroy: () => socket.destroy(),
  };
};

const basic = ({ username, password }) => Buffer.from(`${username}:${password}`).toString('base64');

/** HTTP CONNECT; the answer ends at its blank line. */
const httpConnect = async (conn, targetPort, credentials) => {
  const authority = `127.0.0.1:${targetPort}`;
  const auth = credentials ? `Proxy-Authorization: Basic ${basic(credentials)}\r\n` : '';
  conn.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
  const answer = await conn.reply((bytes) => {
    const end = bytes.indexOf('\r\n\r\n');
    return end < 0 ? Infinity : end + 4;
  });
  const status = answer.toString('latin1', 0, answer.indexOf('\r\n'));
  if (!/^HTTP\/1\.[01] 200/.test(status)) throw new Error(`CONNECT refused: ${status}`);
};

/** Length of a SOCKS5 CONNECT answer, which depends on the type of the bound address in it. */
const socksAnswerSize = (bytes) => {
  if (bytes.length < 5) return Infinity;
  const addressSize = { 1: 4, 3: 1 + bytes[4], 4: 16 }[bytes[3]] ?? 0;
  return 4 + addressSize + 2;
};

/** SOCKS5 (RFC 1928) with username/password (RFC 1929) when there are credentials, else no auth. */
const socks5 = async (conn, targetPort, credentials) => {
  const method = credentials ? 0x02 : 0x00;
  conn.write(Buffer.from([5, 1, method]));
  const chosen = await conn.reply(() => 2);
  if (chosen[0] !== 5 || chosen[1] !== method)
    throw new Error(`SOCKS5 method ${method} refused (answer ${chosen[1]})`);
  if (credentials) {
    const user = Buffer.from(credentials.username);
    const pass = Buffer.from(credentials.password);
    conn.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
    const status = await conn.reply(() => 2);
    if (status[1] !== 0) throw new Error(`SOCKS5 credentials refused (status ${status[1]})`);
  }
  conn.write(Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, targetPort >> 8, targetPort & 0xff]));
  const answer = await conn.reply(socksAnswerSize);
  if (answer[1] !== 0) throw new Error(`SOCKS5 CONNECT refused (reply ${answer[1]})`);
};

/**
 * A tunnel through `proxy` ({ port, protocol: 'connect' | 'socks5', credentials? }) to 127.0.0.1:`targetPort`,
 * ready for payload.
 */
export const openTunnel = async (proxy, targetPort) => {
  const conn = dial(proxy.port);
  try {
    await (proxy.protocol === 'socks5' ? socks5 : httpConnect)(conn, targetPort, proxy.credentials);
    return conn;
  } catch (error) {
    conn.destroy();
    throw error;
  }
};

/**
 * One short tunnel: `payload` out to the target, `answerBytes` back (as many as sent, from the echo target),
 * then the close the target starts.
 */
export const exchange = async (proxy, targetPort, payload, answerBytes = payload.length) => {
  const conn = await openTunnel(proxy, targetPort);
  try {
    conn.write(payload);
    await conn.count(answerBytes);
    await conn.closed;
  } finally {
    conn.destroy();
  }
};

/** `count` short tunnels of `bytes` each way through `proxy`, `inFlight` at a time; throws on the first failure. */
export const runTunnels = async (proxy, echoPort, { count, inFlight, bytes }) => {
  const payload = Buffer.alloc(bytes, 0x63);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      try {
        await exchange(proxy, echoPort, payload);
      } catch (error) {
        next = count; // the other workers stop too
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
};

/** MiB/s of one tunnel through `proxy` that reads `bytes` from the bulk target, handshake included. */
export const bulkMiBps = async (proxy, bulkPort, bytes) => {
  const started = performance.now();
  const conn = await openTunnel(proxy, bulkPort);
  try {
    await conn.count(bytes);
  } finally {
    conn.destroy();
  }
  return bytes / 2 ** 20 / ((performance.now() - started) / 1000);
};
