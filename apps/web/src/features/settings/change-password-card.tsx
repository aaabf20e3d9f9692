import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { changePasswordFormSchema, type ChangePasswordForm } from '@proxydesk/contract';
import { FormAlert } from '../../components/form-alert';
import { useChangePassword } from './api/settings-calls';
import { FormPasswordInput } from '../../components/form-inputs';
import { SettingsCard } from './settings-card';

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
    <SettingsCard title="Change Password" intro="Your other devices are signed out when it changes.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormAlert>{change.error?.message}</FormAlert>
          <FormAlert color="green">{change.data?.detail}</FormAlert>
          <FormPasswordInput
            form={form}
            name="old_password"
            label="Old password"
            autoComplete="current-password"
            required
          />
          <FormPasswordInput
            form={form}
            name="new_password"
            label="New password"
            autoComplete="new-password"
            required
          />
          <FormPasswordInput
            form={form}
            name="confirm_password"
            label="Confirm new password"
            autoComplete="new-password"
            required
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            Change Password
          </Button>
        </Stack>
      </form>
    </SettingsCard>
  );
};
