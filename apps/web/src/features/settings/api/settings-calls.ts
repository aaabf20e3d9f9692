import {
  authEndpoints,
  userEndpoints,
  type UpdateEmailBody,
  type UpdatePasswordBody,
} from '@proxydesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { storeToken } from '../../../lib/token';

/** Every settings change refreshes who-am-I and the dashboard's profile. */
const useSettingsMutation = <T, R>(mutationFn: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['access'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard-stats'] });
    },
  });
};

export const useRequestEmailChange = () =>
  useSettingsMutation((email: string) => call(authEndpoints.updateEmailVerification, { body: { email } }));
export const useChangeEmail = () =>
  useSettingsMutation((body: UpdateEmailBody) => call(authEndpoints.updateEmail, { body }));

/** The server revokes every session and answers a new token for this browser: keep it. */
export const useChangePassword = () =>
  useSettingsMutation(async (body: UpdatePasswordBody) => {
    const answer = await call(authEndpoints.updatePassword, { body });
    storeToken(answer.payload.token);
    return answer;
  });

export const useSetTwoFactor = () =>
  useSettingsMutation((enabled: boolean) =>
    call(authEndpoints.twoFactor, { params: { value: String(enabled) } }),
  );
export const useDeactivate = () => useMutation({ mutationFn: () => call(authEndpoints.deactivate) });
export const useGenerateApiKey = () => useSettingsMutation(() => call(userEndpoints.generateApiKey));
export const useResetProxyPassword = () =>
  useMutation({ mutationFn: () => call(userEndpoints.resetProxyPassword) });
