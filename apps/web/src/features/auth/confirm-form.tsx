import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '@proxydesk/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { NoCodeHelp } from '../../components/reach-support';
import type { SupportContact } from '../../lib/support';
import { useHydrated } from '../../lib/hydrated';
import { otpEmail } from './api/auth-outcome';
import { useConfirmEmail, useResendOtp } from './api/auth-mutations';

/** Seconds before another code may be asked for (the server sends at most one a minute). */
const RESEND_WAIT = 60;

/**
 * The 6-digit code mailed to `email` (SPEC.md §2 /confirm-authentication). The 422 that sent the customer
 * here (login, sign-up) is a warning, and so is a 422 of the confirm call itself (SPEC.md §8). A two-factor
 * sign-in's code (`signIn`) speaks of signing in, not of confirming the address.
 */
export const ConfirmForm = ({
  email,
  signIn,
  support,
}: {
  email: string;
  signIn: boolean;
  /** Where a customer whose code never comes asks for help (issue #33 item 4: there is no live chat). */
  support: SupportContact | null;
}) => {
  const location = useLocation();
  // The server's detail that sent the visitor here; the page drawn at build time has none.
  const notice = useHydrated() ? (location.state as { notice?: string } | null)?.notice : undefined;
  const confirm = useConfirmEmail();
  const resend = useResendOtp();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const submit = (code: string) => {
    if (!/^\d{6}$/.test(code)) return setError('Enter the 6-digit code');
    setError(null);
    confirm.mutate({ email, otp: code });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(otp);
      }}
    >
      <Stack gap="md">
        {/* Good news, so info blue (issue #33 item 7), where SPEC.md §8 has a warning. */}
        <FormAlert color="blue">
          {signIn ? AUTH_MESSAGES.signInCodeSent : (notice ?? AUTH_MESSAGES.otpSent)}
        </FormAlert>
        <Text size="sm">
          Code sent to <b>{email}</b>
        </Text>
        <FormAlert color={otpEmail(confirm.error) ? 'yellow' : 'red'}>{confirm.error?.message}</FormAlert>
        <Group justify="center">
          <PinInput
            // A fixed id: Mantine's generated one changes just after hydration, and with it the boxes' keys, so
            // the six boxes drawn from the HTML were thrown away and drawn again (focus and typing lost).
            id="confirm-code"
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            size="md"
            gap={8}
            value={otp}
            onChange={setOtp}
            onComplete={submit}
            aria-label="One-time code"
            getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of 6` })}
            error={Boolean(error ?? confirm.error)}
          />
        </Group>
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" ta="center" mt={-8} role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" fullWidth loading={confirm.isPending}>
          {signIn ? 'Sign in' : 'Confirm'}
        </Button>
        <FormAlert color="green">
          {resend.isSuccess && wait > 0 ? 'A new code is on its way.' : null}
        </FormAlert>
        <FormAlert>{resend.error?.message}</FormAlert>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            px={0}
            disabled={wait > 0}
            loading={resend.isPending}
            onClick={() => resend.mutate(email, { onSuccess: () => setWait(RESEND_WAIT) })}
          >
            {wait > 0 ? `Send a new code (${wait} s)` : 'Send a new code'}
          </Button>
          <Anchor component={Link} to="/" size="sm">
            Back to sign in
          </Anchor>
        </Group>
        <NoCodeHelp contact={support} />
      </Stack>
    </form>
  );
};
