import { Refusal } from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';

/** A console change refused by its repository (a Refusal) answers 409 with the refusal's words. */
export const refusalsAnswered = async <T>(change: Promise<T>): Promise<T> => {
  try {
    return await change;
  } catch (error) {
    if (error instanceof Refusal) throw new HttpError(409, error.message);
    throw error;
  }
};
