import type { Socket } from 'node:net';

/** What a socket that misses its deadline is destroyed with: its `error` handler sees a timeout. */
const timedOut = () => Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' });

interface Tunnel {
  client: Socket;
  egress: Socket;
  idleMs: number;
  /** Bytes read from either side when last looked: any byte through the tunnel is read from one of them. */
  moved: number;
  quietSince: number;
}

/**
 * Handshake, connect and idle deadlines, checked by one sweep every `tickMs` instead of a timer per socket,
 * which Node re-arms at every read and write (issue #6 budget: CPU per tunnel). Deadlines are kept to within
 * a tick or two.
 */
export const createDeadlines = (tickMs: number) => {
  /** Sockets that must be done with a stage (a handshake, a connect) by a time, or are destroyed. */
  const due = new Map<Socket, number>();
  const tunnels = new Set<Tunnel>();

  const sweep = () => {
    const now = Date.now();
    for (const [socket, deadline] of due) {
      if (socket.destroyed) due.delete(socket);
      else if (deadline <= now) {
        due.delete(socket);
        socket.destroy(timedOut());
      }
    }
    for (const tunnel of tunnels) {
      const { client, egress } = tunnel;
      if (client.destroyed && egress.destroyed) {
        tunnels.delete(tunnel);
        continue;
      }
      const moved = client.bytesRead + egress.bytesRead;
      if (moved !== tunnel.moved) {
        tunnel.moved = moved;
        tunnel.quietSince = now;
      } else if (now - tunnel.quietSince >= tunnel.idleMs) {
        tunnels.delete(tunnel);
        client.destroy();
        egress.destroy();
      }
    }
  };
  const timer = setInterval(sweep, tickMs);
  timer.unref();

  return {
    /** `socket` is destroyed with a timeout error unless `done` is called within `ms`. */
    within: (socket: Socket, ms: number) => void due.set(socket, Date.now() + ms),
    done: (socket: Socket) => void due.delete(socket),
    /**
     * A tunnel from here on: destroyed, both sides, once no byte has moved through it for `idleMs`, which also
     * ends one whose other side never finishes closing.
     */
    idle: (client: Socket, egress: Socket, idleMs: number) => {
      due.delete(client);
      // A finished tunnel is let go at the next sweep.
      tunnels.add({ client, egress, idleMs, moved: -1, quietSince: Date.now() });
    },
    stop: () => clearInterval(timer),
  };
};

export type Deadlines = ReturnType<typeof createDeadlines>;
