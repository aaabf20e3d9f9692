import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { emailSchema } from '@proxydesk/contract';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useChangeEmail, useRequestEmailChange } from './api/settings-calls';
import { CodeInput } from './code-input';
import { useReauth } from './reauth';

/**
 * Two steps (SPEC.md §4): Verify Email, with the current password (DESIGN.md §3), mails a code to the new
 * address, then Update Email with it. The current address is shown above (issue #19).
 */
export const ChangeEmailCard = ({ hasPassword, current }: { hasPassword: boolean; current: string }) => {
  const request = useRequestEmailChange();
  const change = useChangeEmail();
  const reauth = useReauth(hasPassword);
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The browser's own checks, shown on their fields; the server's detail goes in the alert (SPEC.md §8).
  const [fieldError, setFieldError] = useState<{ email?: string; otp?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success)
      return setFieldError({ email: parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address' });
    setFieldError({});
    if (!sentTo || sentTo !== parsed.data) {
      request.mutate(
        { email: parsed.data, ...reauth.proof },
        {
          onSuccess: () => {
            setSentTo(parsed.data);
            reauth.reset();
          },
          onError: reauth.onError,
        },
      );
      return;
    }
    if (!/^\d{6}$/.test(otp.trim())) return setFieldError({ otp: 'Enter the 6-digit code' });
    change.mutate(
      { email: parsed.data, otp: otp.trim() },
      {
        onSuccess: () => {
          setSentTo(null);
          setOtp('');
          setEmail('');
        },
      },
    );
  };

  const verifying = sentTo !== null && sentTo === email.trim().toLowerCase();
  const requestMessages = reauth.messages(request.error);
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb={4}>
        Change Email
      </Title>
      <Text size="sm" mb={4} data-testid="current-email" style={{ overflowWrap: 'anywhere' }}>
        Current address: <b>{current}</b>
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        We send a code to the new address; the change happens once you enter it.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert>{requestMessages.danger ?? change.error?.message}</FormAlert>
          <FormAlert color="blue">{verifying ? null : requestMessages.info}</FormAlert>
          <FormAlert color="green">
            {change.data?.detail ?? (verifying ? request.data?.detail : null)}
          </FormAlert>
          <TextInput
            label="New e-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError.email}
          />
          {!verifying && reauth.field}
          {verifying && (
            <CodeInput label="Code from the e-mail" value={otp} onChange={setOtp} error={fieldError.otp} />
          )}
          <Button
            type="submit"
            loading={request.isPending || change.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {verifying ? 'Update Email' : 'Verify Email'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
};
