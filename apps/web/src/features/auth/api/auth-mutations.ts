import {
  authEndpoints,
  type ConfirmEmailBody,
  type ForgotPasswordBody,
  type ResetPasswordBody,
} from '@proxydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { callWithCaptcha } from './auth-call';
import { signedIn } from './auth-outcome';

export const useConfirmEmail = () =>
  useMutation({
    mutationFn: (body: ConfirmEmailBody) => callWithCaptcha(authEndpoints.confirmEmail, body, 'confirm'),
    onSuccess: signedIn,
  });

export const useResendOtp = () =>
  useMutation({
    mutationFn: (email: string) => callWithCaptcha(authEndpoints.resendOtp, { email }, 'resend'),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordBody) => callWithCaptcha(authEndpoints.forgotPassword, body, 'forgot'),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) => callWithCaptcha(authEndpoints.resetPassword, body, 'reset'),
    onSuccess: signedIn,
  });

/** Google and Discord: the callback's code goes to the server, which answers a token (or 422 for 2FA). */
export const oauthSignIn = (
  provider: 'google' | 'discord',
  query: Record<string, string>,
  referee: string | null,
) =>
  provider === 'google'
    ? call(authEndpoints.google, { body: { token: query.code ?? '', referee } })
    : call(authEndpoints.discord, { body: { ...query, code: query.code ?? '', referee } });
