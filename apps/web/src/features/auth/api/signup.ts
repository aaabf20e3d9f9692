import type { SignupBody } from '@proxydesk/contract';
import { schemaResolver, type FormErrors } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { loadCalls } from '../../../lib/api';

/**
 * As sign-in (api/login.ts): the sign-up page draws and hydrates without zod, the contract's schemas or the
 * captcha; they come in signup-call.ts when the visitor first types in or presses on the form (issue #33).
 */
export const loadSignup = () => loadCalls(() => import('./signup-call'));

/** The form's check (useForm's `validate`): the contract's schema once its chunk is there. */
export const validateSignup = async (values: SignupBody): Promise<FormErrors> => {
  const loaded = await loadSignup().catch(() => null);
  // Not loaded (offline): the call below fails the same way and says so.
  return loaded ? schemaResolver(loaded.signupBodySchema, { sync: true })(values) : {};
};

export const useSignup = () =>
  useMutation({ mutationFn: async (body: SignupBody) => (await loadSignup()).signup(body) });
