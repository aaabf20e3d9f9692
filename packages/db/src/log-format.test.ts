import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logStreamFor } from './log-format.js';

describe('LOG_FORMAT (issue #29 item 7)', () => {
  it("json is pino's own lines on stdout; pretty is one readable line per entry", async () => {
    expect(logStreamFor('json')).toBeUndefined();
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const log = pino({ level: 'info' }, logStreamFor('pretty', out));
    log.info({ reqId: 'abc' }, 'request completed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO .*: request completed\n {4}reqId: "abc"\n$/);
    expect(() => JSON.parse(text) as unknown).toThrow();
  });
});
