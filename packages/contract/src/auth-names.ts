/*
 * The auth constants a page needs before any schema: apart from auth.ts, so importing one of them does not
 * bring in zod and every auth schema (ADR 003).
 */

/** Name of the cookie that holds the session token in the browser (SPEC.md §6). */
export const TOKEN_COOKIE = 'token';

/** The captcha answer rides in the field reCAPTCHA uses, whatever the provider (DESIGN.md §2). */
export const CAPTCHA_FIELD = 'g-recaptcha-response';
