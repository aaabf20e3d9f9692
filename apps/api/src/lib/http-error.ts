/** An error meant for the client: its status, `detail` and optional `payload` are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly payload?: unknown,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}
