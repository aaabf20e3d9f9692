import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordFormSchema, type ChangePasswordForm } from '@proxydesk/contract';
import { FormAlert } from '../../components/form-alert';
import { useChangePassword } from './api/settings-calls';

/** Old, new and confirm; "passwords didn't matched." on a mismatch (SPEC.md §5). Other devices are signed out. */
export const ChangePasswordCard = () => {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    mode: 'uncontrolled',
    initialValues: { old_password: '', new_password: '', confirm_password: '' },
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });
  const submit = form.onSubmit(({ old_password, new_password }) =>
    change.mutate({ old_password, new_password }, { onSuccess: () => form.reset() }),
  );
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb={4}>
        Change Password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your other devices are signed out when it changes.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert>{change.error?.message}</FormAlert>
          <FormAlert color="green">{change.data?.detail}</FormAlert>
          <PasswordInput
            label="Old password"
            autoComplete="current-password"
            required
            {...form.getInputProps('old_password')}
            key={form.key('old_password')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('new_password')}
            key={form.key('new_password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm_password')}
            key={form.key('confirm_password')}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            Change Password
          </Button>
        </Stack>
      </form>
    </Card>
  );
};
