import type { Socket } from 'node:net';
import type { Relay } from './relay.js';

/** Where a customer's connection goes: the host (name or address) and port they asked for. */
export interface Target {
  host: string;
  port: number;
}

/** A socket to the target, and its byte counters at the moment the tunnel began (after any upstream handshake). */
export interface Egress {
  socket: Socket;
  sentBefore: number;
  receivedBefore: number;
  /** Reads the target's bytes into reused buffers, for a tunnel (absent: the socket is an ordinary stream). */
  relay?: Relay;
}
