import { authEndpoints, type LoginBody } from '@proxydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { appUrl } from '../../../lib/app-paths';
import { storeToken } from '../../../lib/token';

/** Signs in; on success the token is stored and the app starts again at / (SPEC.md §4). */
export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => call(authEndpoints.login, { body }),
    onSuccess: ({ payload }) => {
      storeToken(payload.token);
      window.location.assign(appUrl('/'));
    },
  });
