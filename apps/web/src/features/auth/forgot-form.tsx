import { Anchor, Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '@proxydesk/contract';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { useForgotPassword } from './api/auth-mutations';
import { rememberPendingEmail } from './pending-email';
import { useTypedBeforeHydration } from './use-typed-before-hydration';
import { FormTextInput } from '../../components/form-inputs';

/** Mails a reset code, then goes on to the relative path change-password (SPEC.md §2). */
export const ForgotForm = () => {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordBody>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordBodySchema, { sync: true }),
  });
  useTypedBeforeHydration(form);
  const submit = form.onSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: ({ detail }) => {
        rememberPendingEmail(values.email.trim().toLowerCase());
        void navigate('../change-password', { relative: 'path', state: { notice: detail } });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert>{forgot.error?.message}</FormAlert>
        <FormTextInput
          form={form}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          autoFocus
        />
        <Button type="submit" fullWidth loading={forgot.isPending}>
          Send reset code
        </Button>
        <Anchor component={Link} to="/" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
};
