import {
  authEndpoints,
  userEndpoints,
  type Reauth,
  type UpdateEmailBody,
  type UpdateEmailVerificationBody,
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
  useSettingsMutation((body: UpdateEmailVerificationBody) =>
    call(authEndpoints.updateEmailVerification, { body }),
  );
export const useChangeEmail = () =>
  useSettingsMutation((body: UpdateEmailBody) => call(authEndpoints.updateEmail, { body }));

/** The server revokes every session and answers a new token for this browser: keep it. */
export const useChangePassword = () =>
  useSettingsMutation(async (body: UpdatePasswordBody) => {
    const answer = await call(authEndpoints.updatePassword, { body });
    storeToken(answer.payload.token);
    return answer;
  });

/** Turning it off asks for the current password (`proof`); turning it on does not. */
export const useSetTwoFactor = () =>
  useSettingsMutation(({ enabled, proof }: { enabled: boolean; proof: Reauth }) =>
    call(authEndpoints.twoFactor, { params: { value: String(enabled) }, body: proof }),
  );
export const useDeactivate = () =>
  useMutation({ mutationFn: (proof: Reauth) => call(authEndpoints.deactivate, { body: proof }) });
export const useGenerateApiKey = () => useSettingsMutation(() => call(userEndpoints.generateApiKey));
export const useResetProxyPassword = () =>
  useMutation({ mutationFn: () => call(userEndpoints.resetProxyPassword) });
