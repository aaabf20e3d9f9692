import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { emailSchema } from '@proxydesk/contract';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useChangeEmail, useRequestEmailChange } from './api/settings-calls';

/** Two steps (SPEC.md §4): Verify Email mails a code to the new address, then Update Email with it. */
export const ChangeEmailCard = () => {
  const request = useRequestEmailChange();
  const change = useChangeEmail();
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
      request.mutate(parsed.data, { onSuccess: () => setSentTo(parsed.data) });
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
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb={4}>
        Change Email
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        We send a code to the new address; the change happens once you enter it.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert>{request.error?.message ?? change.error?.message}</FormAlert>
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
          {verifying && (
            <TextInput
              label="Code from the e-mail"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={otp}
              onChange={(e) => setOtp(e.currentTarget.value)}
              error={fieldError.otp}
            />
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
