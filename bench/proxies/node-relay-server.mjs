// The least a Node CONNECT proxy can do, as a reference beside squid: one `net` server that checks the Basic
// credentials, connects and pipes both ways. No metering, limits, timers or look-ups: what Node's sockets
// cost a tunnel on this machine, under the gateway's own work.
// `node node-relay-server.mjs <port> <username> <password>`
import net from 'node:net';

const [port, username, password] = process.argv.slice(2);
const AUTHORIZATION = `Proxy-Authorization: Basic ${Buffer.from(`${username}:${password}`).toString('base64')}\r\n`;
const ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n');
const REQUEST = /^CONNECT ([^\s:]+):(\d+) HTTP\/1\.[01]\r\n/;

net
  .createServer({ noDelay: true }, (client) => {
    client.on('error', () => client.destroy());
    client.once('data', (head) => {
      const text = head.toString('latin1');
      const target = REQUEST.exec(text);
      if (!target || !text.includes(AUTHORIZATION)) return client.destroy();
      const egress = net.connect({ host: target[1], port: Number(target[2]), noDelay: true }, () => {
        client.write(ESTABLISHED);
        client.pipe(egress);
        egress.pipe(client);
      });
      egress.on('error', () => client.destroy());
      client.on('close', () => egress.destroy());
      egress.on('close', () => client.destroy());
    });
  })
  .listen(Number(port), '127.0.0.1');
