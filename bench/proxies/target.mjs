import { launch, waitUntilReady } from './processes.mjs';

/**
 * Starts the target server process on 127.0.0.1: its `echoPort` answers `echoBytes` to `echoBytes`, its
 * `bulkPort` sends `bulkBytes` to whoever connects.
 */
export const startTarget = async ({ echoBytes, bulkBytes }) => {
  const script = new URL('./target-server.mjs', import.meta.url).pathname;
  const started = launch(process.execPath, [script, String(echoBytes), String(bulkBytes)]);
  let ports;
  // It prints its ports as one JSON line once both listen.
  const printed = async () => {
    const line = started.output().split('\n')[0];
    if (!line.endsWith('}')) return false;
    ports = JSON.parse(line);
    return true;
  };
  try {
    await waitUntilReady(started, printed, 'benchmark target server', 10_000);
  } catch (error) {
    await started.stop();
    throw error;
  }
  return { pid: started.pid, echoPort: ports.echo, bulkPort: ports.bulk, stop: started.stop };
};
