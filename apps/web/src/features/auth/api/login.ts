import { authEndpoints, type LoginBody } from '@proxydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { callWithCaptcha, signedIn } from './auth-call';

/** Signs in; on success the token is stored and the app starts again at / (SPEC.md §4). */
export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => callWithCaptcha(authEndpoints.login, body, 'login'),
    onSuccess: signedIn,
  });
