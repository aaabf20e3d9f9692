import type { SignupBody } from '@proxydesk/contract';
import { schemaResolver } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { loadCalls } from '../../../lib/api';
import { checkOnceLoaded } from './lazy-check';

/**
 * As sign-in (api/login.ts): the sign-up page draws and hydrates without zod, the contract's schemas or the
 * captcha; they come in signup-call.ts when the visitor first types in or presses on the form (issue #33).
 */
export const loadSignup = () => loadCalls(() => import('./signup-call'));

/** The form's check (useForm's `validate`): the contract's schema once its chunk is there. */
export const validateSignup = checkOnceLoaded(loadSignup, (calls) =>
  schemaResolver(calls.signupBodySchema, { sync: true }),
);

export const useSignup = () =>
  useMutation({ mutationFn: async (body: SignupBody) => (await loadSignup()).signup(body) });
