import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { HTTP_STATUS, isRefusal, refuse, type Refusal } from '../access/decision.js';
import {
  establish,
  reportRefusal,
  startOfRequest,
  type GatewayContext,
  type ListenerMode,
} from '../session.js';
import { authorize } from './authorize.js';
import { basicCredentials, parseAuthority, rawRefusal, REALM } from './http-common.js';

/** Headers for one hop only (RFC 9110 §7.6.1), never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const passOn = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

const answerRefusal = (res: ServerResponse, refusal: Refusal) => {
  const status = HTTP_STATUS[refusal.refused];
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    connection: 'close',
    ...(status === 407 ? { 'proxy-authenticate': REALM } : {}),
  });
  res.end(`${refusal.reason}\n`);
};

/**
 * Plain HTTP proxying (`GET http://…`) on a socket that spoke HTTP first (issue #6 §1); CONNECT has its own
 * path (connect.ts). Node's parser bounds the head (16 KiB) and the time to send it.
 */
export const createHttpHandler = (context: GatewayContext, mode: ListenerMode) => {
  const { config, metrics } = context;

  const server = createServer({
    maxHeaderSize: 16_384,
    headersTimeout: config.GATEWAY_HANDSHAKE_SECONDS * 1000,
    requestTimeout: 0,
    noDelay: true,
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void forward(req, res).catch(() => res.destroy());
  });

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const opening = { protocol: 'http', startedAt: startOfRequest(req.socket) };
    let url: URL | undefined;
    try {
      url = new URL(req.url ?? '');
    } catch {
      url = undefined;
    }
    const target = url?.protocol === 'http:' ? parseAuthority(url.host, 80) : undefined;
    if (!url || !target) {
      const refusal = refuse(
        'bad-request',
        'This is a proxy: send an absolute http:// URL, or CONNECT for https',
      );
      reportRefusal(context, req.socket, opening, refusal);
      return answerRefusal(res, refusal);
    }
    const { decision, recheck } = await authorize(
      context,
      mode,
      req.socket,
      basicCredentials(req.headers['proxy-authorization']),
    );
    const grant = isRefusal(decision) ? undefined : decision;
    const connection = grant
      ? await establish(context, grant, target, recheck, req.socket, { ...opening, stream: true })
      : (decision as Refusal);
    if ('refused' in connection) {
      reportRefusal(context, req.socket, opening, connection, { target, grant });
      return answerRefusal(res, connection);
    }
    const { egress } = connection;
    metrics.accepted('http');
    // The egress is a connection to the target (straight, or tunnelled through the product's upstream), so
    // the request goes in origin form.
    const headers: IncomingHttpHeaders = {
      ...passOn(req.headers),
      host: req.headers.host ?? url.host,
      connection: 'close',
    };
    const socket = egress.socket;
    socket.setTimeout(config.GATEWAY_IDLE_SECONDS * 1000, () => socket.destroy());
    req.socket.setTimeout(config.GATEWAY_IDLE_SECONDS * 1000);
    const outgoing = httpRequest({
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
      setHost: false,
      // A socket from an upstream handshake is paused until its reader comes: the request's parser is it.
      createConnection: () => socket.resume(),
    });
    outgoing.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, passOn(answer.headers));
      answer.pipe(res);
    });
    outgoing.on('error', () => {
      if (res.headersSent) res.destroy();
      else answerRefusal(res, refuse('unreachable', 'The target closed the connection'));
    });
    res.on('close', () => socket.destroy());
    req.pipe(outgoing);
  };

  server.on('clientError', (_error, socket: Socket) => {
    if (socket.writable) socket.end(rawRefusal(refuse('bad-request', 'Malformed request')));
    else socket.destroy();
  });

  return {
    /**
     * Hands a connection to the HTTP parser, then its first bytes: the parser reads the socket natively from
     * then on, so bytes put back with `unshift` would never reach it.
     */
    handle: (socket: Socket, first: Buffer) => {
      server.emit('connection', socket);
      socket.emit('data', first);
    },
    close: () => server.close(),
  };
};
