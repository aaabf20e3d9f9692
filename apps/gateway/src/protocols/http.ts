import {
  createServer,
  request as httpRequest,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { HTTP_STATUS, isRefusal, refuse, type Decision, type Refusal } from '../access/decision.js';
import type { Target } from '../egress/connect.js';
import { establish, tunnel, type GatewayContext, type ListenerMode } from '../session.js';

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

const REALM = 'Basic realm="proxy"';

/** The raw answer to a refused CONNECT (or anything not yet an HTTP response). */
const rawRefusal = (refusal: Refusal): string => {
  const status = HTTP_STATUS[refusal.refused];
  const body = `${refusal.reason}\n`;
  const challenge = status === 407 ? `Proxy-Authenticate: ${REALM}\r\n` : '';
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${challenge}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
};

const answerRefusal = (res: ServerResponse, refusal: Refusal) => {
  const status = HTTP_STATUS[refusal.refused];
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    connection: 'close',
    ...(status === 407 ? { 'proxy-authenticate': REALM } : {}),
  });
  res.end(`${refusal.reason}\n`);
};

/** `Proxy-Authorization: Basic base64(user:pass)` → user and password. */
const basicCredentials = (header: string | undefined): { username: string; password: string } | undefined => {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : undefined;
};

/** `host:port` of a CONNECT, or of an absolute URL; undefined when it is not one. */
const parseAuthority = (
  authority: string,
  defaultPort?: number,
): { host: string; port: number } | undefined => {
  try {
    const url = new URL(`http://${authority}`);
    const port = url.port ? Number(url.port) : defaultPort;
    if (!port || url.username || url.pathname !== '/' || url.search) return undefined;
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return undefined;
  }
};

/**
 * Plain HTTP proxying and CONNECT tunnels on a socket that spoke HTTP first (issue #6 §1). Node's own parser
 * bounds the head (16 KiB) and the time to send it, so slow or oversize handshakes are dropped.
 */
export const createHttpHandler = (context: GatewayContext, mode: ListenerMode) => {
  const { access, config, metrics } = context;

  const authorize = async (req: IncomingMessage): Promise<{ decision: Decision; recheck: () => boolean }> => {
    const socket = req.socket;
    if (mode === 'whitelist') {
      const check = () =>
        access.bySource(socket.localAddress ?? '', socket.localPort ?? 0, socket.remoteAddress ?? '');
      return { decision: check(), recheck: () => !isRefusal(check()) };
    }
    const credentials = basicCredentials(req.headers['proxy-authorization']);
    if (!credentials)
      return { decision: refuse('credentials', 'Proxy authentication required'), recheck: () => false };
    return {
      decision: await access.byCredentials(credentials.username, credentials.password),
      recheck: () => !isRefusal(access.stillByCredentials(credentials.username, credentials.password)),
    };
  };

  const server = createServer({
    maxHeaderSize: 16_384,
    headersTimeout: config.GATEWAY_HANDSHAKE_SECONDS * 1000,
    requestTimeout: 0,
    noDelay: true,
  });

  /** Authenticates, then opens the way to the target: the connection, or why not. */
  const open = async (req: IncomingMessage, target: Target, client: Socket) => {
    const { decision, recheck } = await authorize(req);
    return isRefusal(decision) ? decision : establish(context, decision, target, recheck, client);
  };

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    void (async () => {
      const target = parseAuthority(req.url ?? '');
      const connection = target
        ? await open(req, target, client)
        : refuse('bad-request', 'CONNECT needs host:port');
      if ('refused' in connection) {
        metrics.refused('http-connect', connection.refused);
        client.end(rawRefusal(connection));
        return;
      }
      metrics.accepted('http-connect');
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) connection.egress.socket.write(head);
      tunnel(client, connection.egress.socket, config.GATEWAY_IDLE_SECONDS);
    })().catch(() => client.destroy());
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void forward(req, res).catch(() => res.destroy());
  });

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL | undefined;
    try {
      url = new URL(req.url ?? '');
    } catch {
      url = undefined;
    }
    const target = url?.protocol === 'http:' ? parseAuthority(url.host, 80) : undefined;
    if (!url || !target) {
      metrics.refused('http', 'bad-request');
      return answerRefusal(
        res,
        refuse('bad-request', 'This is a proxy: send an absolute http:// URL, or CONNECT for https'),
      );
    }
    const connection = await open(req, target, req.socket);
    if ('refused' in connection) {
      metrics.refused('http', connection.refused);
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
