import type { Socket } from 'node:net';

/** A tunnel starts reading into a small buffer: most are short, and an idle one holds little memory. */
const SMALL = 16 * 1024;
/** A read that fills the small buffer means a bulk flow: it moves up to fewer, larger reads and writes. */
const LARGE = 256 * 1024;
/**
 * Buffers of finished tunnels, kept for the next ones instead of being allocated (and page-faulted) again:
 * a short tunnel then costs no allocation at all.
 */
const spares = new Map<number, Buffer[]>([
  [SMALL, []],
  [LARGE, []],
]);
const MAX_SPARES = { [SMALL]: 1024, [LARGE]: 32 } as Record<number, number>;

const take = (size: number): Buffer => spares.get(size)!.pop() ?? Buffer.allocUnsafe(size);
const giveBack = (buffer: Buffer) => {
  const kept = spares.get(buffer.length);
  if (kept && kept.length < (MAX_SPARES[buffer.length] ?? 0)) kept.push(buffer);
};

/**
 * Ends `socket` once its data is out, unless it is ended or gone already: `end()` on such a socket makes an
 * error object (with its stack) only to drop it, which was nearly a tenth of a short tunnel's instructions.
 */
const endOnce = (socket: Socket) => {
  if (!socket.destroyed && !socket.writableEnded) socket.end();
};

/** When `from` ends or closes, `to` ends once its data is out, or is destroyed at once when `from` failed. */
const finishWith = (from: Socket, to: Socket) => {
  from.once('end', () => endOnce(to));
  from.once('close', (hadError: boolean) => (hadError ? to.destroy() : endOnce(to)));
};

/**
 * One direction of a tunnel from socket to socket, as `pipe` does it but with three listeners instead of a
 * dozen (issue #6 budget: a short tunnel's cost is mostly its set-up): what `from` reads is written to `to`,
 * reading pauses while `to` is full, and `from`'s end or close ends `to`. `from` must be paused or flowing.
 */
export const pump = (from: Socket, to: Socket) => {
  const resume = () => from.resume();
  from.on('data', (chunk: Buffer) => {
    if (to.write(chunk)) return;
    from.pause();
    to.once('drain', resume);
  });
  finishWith(from, to);
  from.resume();
};

/**
 * The target-to-customer direction of a tunnel without streams (issue #6 budget: bulk downloads are most of a
 * proxy's bytes). Reads land in a reused buffer and are written straight to the customer's socket; a buffer
 * whose bytes are still queued for writing is left to that write and another taken, so reuse never
 * overwrites bytes in flight. A full customer socket pauses the reads until it drains.
 */
export const createRelay = () => {
  let buffer: Buffer = take(SMALL);
  /** Whether `buffer`'s bytes may still be queued in a write (then it is never reused nor kept). */
  let queued = false;
  let source: Socket | undefined;
  let sink: Socket | undefined;
  /** What the target sent before the tunnel began (a server that speaks first): reading waits for it. */
  let early: Buffer | undefined;
  return {
    /** For `net.connect({ onread })`. */
    onread: {
      buffer: () => buffer,
      callback: (length: number, chunk: Uint8Array): boolean => {
        const data = Buffer.from(chunk.buffer, chunk.byteOffset, length);
        if (!sink) {
          early = Buffer.concat(early ? [early, data] : [data]);
          return false;
        }
        const more = sink.write(data);
        queued = sink.writableLength > 0;
        if (queued || (length === buffer.length && buffer.length < LARGE)) {
          const next = take(length === buffer.length || buffer.length === LARGE ? LARGE : SMALL);
          if (!queued) giveBack(buffer);
          buffer = next;
          queued = false;
        }
        if (more) return true;
        sink.once('drain', () => source?.resume());
        return false;
      },
    },
    /** Like `pump`: sends `to` what `from` reads, early bytes first, and ends `to` when `from` is done. */
    start: (from: Socket, to: Socket) => {
      source = from;
      sink = to;
      if (early) to.write(early);
      early = undefined;
      from.once('close', () => {
        if (!queued) giveBack(buffer);
      });
      finishWith(from, to);
      from.resume();
    },
  };
};

export type Relay = ReturnType<typeof createRelay>;
