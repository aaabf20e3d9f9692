import { PasswordInput, Text } from '@mantine/core';
import type { Reauth } from '@proxydesk/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { CodeInput } from './code-input';

const NO_PASSWORD = 'Your account has no password: we e-mail you a code to confirm.';

/**
 * The proof a security change asks for (DESIGN.md §3): the current password, or for an account with none
 * (Google/Discord only) the code the server mails to the current address when first asked (a 422). With
 * `hasPassword` false it is the mailed code alone (turning two-factor on, issue #28), `codeIntro` saying why.
 */
export const useReauth = (hasPassword: boolean, codeIntro: string = NO_PASSWORD) => {
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [codeSent, setCodeSent] = useState(false);

  const proof: Reauth = hasPassword ? { password } : codeSent ? { otp: otp.trim() } : {};
  const field = hasPassword ? (
    <PasswordInput
      label="Current password"
      autoComplete="current-password"
      required
      value={password}
      onChange={(e) => setPassword(e.currentTarget.value)}
    />
  ) : codeSent ? (
    <CodeInput label="Code from your e-mail" value={otp} onChange={setOtp} />
  ) : (
    <Text size="sm" c="dimmed">
      {codeIntro}
    </Text>
  );

  /** The server's answer split: the mailed-code note (422) in blue, anything else as the danger alert. */
  const messages = (error: Error | null | undefined) =>
    error instanceof ApiError && error.status === 422
      ? { info: error.message, danger: null }
      : { info: null, danger: error?.message ?? null };
  const reset = () => {
    setPassword('');
    setOtp('');
    setCodeSent(false);
  };

  return {
    proof,
    field,
    messages,
    /** Call with a failed mutation's error: a 422 means the code is on its way, so its field appears. */
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.status === 422) setCodeSent(true);
    },
    reset,
    /**
     * A ConfirmSwitch's props for a change `mutation` sends with this proof: the proof's field in its modal, the
     * server's answer split, and a closing that forgets both the proof and the answer.
     */
    switchProps: (mutation: { error: Error | null; isPending: boolean; reset: () => void }) => {
      const { info, danger } = messages(mutation.error);
      return {
        fields: () => field,
        onClose: () => {
          reset();
          mutation.reset();
        },
        pending: mutation.isPending,
        error: danger,
        note: info,
      };
    },
  };
};
