import type { LoginBody } from '@proxydesk/contract';
import { schemaResolver } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { loadCalls } from '../../../lib/api';
import { checkOnceLoaded } from './lazy-check';

/**
 * The sign-in page draws and hydrates without zod, the contract's schemas or the captcha (ADR 003): they come
 * in login-call.ts, asked for when the visitor first types in or presses on the form, so they are there
 * before it is sent; a visitor who only looks never downloads them (issue #33).
 */
export const loadLogin = () => loadCalls(() => import('./login-call'));

/** The form's check (useForm's `validate`): the contract's schema once its chunk is there. */
export const validateLogin = checkOnceLoaded(loadLogin, (calls) =>
  schemaResolver(calls.loginBodySchema, { sync: true }),
);

/** Signs in (login-call.ts): null once the app starts again, or where to confirm a mailed code. */
export const useLogin = () =>
  useMutation({ mutationFn: async (body: LoginBody) => (await loadLogin()).login(body) });
