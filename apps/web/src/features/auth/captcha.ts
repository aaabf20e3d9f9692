import { authEndpoints, type AuthConfig } from '@proxydesk/contract';
import { call } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { authConfigQuery } from './api/get-auth-config';

declare global {
  interface Window {
    grecaptcha?: {
      ready(callback: () => void): void;
      execute(siteKey: string, options: { action: string }): Promise<string>;
    };
  }
}

/** Solves a fresh proof-of-work challenge in the browser (ALTCHA v2, loaded only when a form is sent). */
const proofOfWork = async (): Promise<string> => {
  const [{ payload: challenge }, { solveChallenge }, { deriveKey }] = await Promise.all([
    call(authEndpoints.captchaChallenge),
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  // The server's challenge, passed on as it came (its shape is altcha-lib's own).
  const solution = await solveChallenge({
    challenge: challenge as unknown as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey,
  });
  if (!solution) throw new Error('The browser check did not finish: please try again.');
  return btoa(JSON.stringify({ challenge, solution }));
};

let recaptchaScript: Promise<void> | undefined;
const loadRecaptcha = (siteKey: string) =>
  (recaptchaScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('reCAPTCHA could not be loaded: check your connection.'));
    document.head.append(script);
  }));

/** Google reCAPTCHA v3: invisible, scored by Google, verified by our server. */
const recaptcha = async (siteKey: string, action: string): Promise<string> => {
  await loadRecaptcha(siteKey);
  const api = window.grecaptcha;
  if (!api) throw new Error('reCAPTCHA could not be loaded: check your connection.');
  await new Promise<void>((resolve) => api.ready(resolve));
  return api.execute(siteKey, { action });
};

/**
 * The answer for the `g-recaptcha-response` field of login, sign-up, forgot, reset and confirm
 * (DESIGN.md §2): a reCAPTCHA token, a solved proof of work, or nothing when the shop has it off.
 */
export const captchaToken = async (action: string): Promise<string | undefined> => {
  const config: AuthConfig = await queryClient.fetchQuery(authConfigQuery());
  if (config.captcha === 'off') return undefined;
  if (config.captcha === 'recaptcha' && config.recaptchaSiteKey)
    return recaptcha(config.recaptchaSiteKey, action);
  return proofOfWork();
};
