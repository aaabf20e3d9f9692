/** An error meant for the client: its status and `detail` are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
