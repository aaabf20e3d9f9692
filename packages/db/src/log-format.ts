import pretty from 'pino-pretty';

/**
 * `LOG_FORMAT=pretty` for the API and the gateway (issue #29 item 7): one coloured, readable line per entry for a person at a terminal;
 * the default, JSON lines, is for machines and log shippers. Answers the stream to log into (undefined: stdout).
 */
export const logStreamFor = (
  format: 'json' | 'pretty',
  destination: NodeJS.WritableStream | number = 1,
): NodeJS.WritableStream | undefined =>
  format === 'pretty'
    ? pretty({
        destination,
        colorize: destination === 1 && process.stdout.isTTY,
        translateTime: 'SYS:HH:MM:ss',
      })
    : undefined;
