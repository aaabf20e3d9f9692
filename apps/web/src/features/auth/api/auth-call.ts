import { CAPTCHA_FIELD, type Endpoint, type z } from '@proxydesk/contract';
import { call } from '../../../lib/api';
import { captchaToken } from '../captcha';

/** Sends an auth form with the captcha answer the shop asks for. */
export const callWithCaptcha = async <E extends Endpoint>(
  endpoint: E,
  body: object,
  action: string,
): Promise<z.output<E['response']>> =>
  call(endpoint, { body: { ...body, [CAPTCHA_FIELD]: await captchaToken(action) } as never });
