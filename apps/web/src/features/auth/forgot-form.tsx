import { Anchor } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '@proxydesk/contract';
import { Link, useNavigate } from 'react-router';
import { useForgotPassword } from './api/auth-mutations';
import { rememberPendingEmail } from './pending-email';
import { useTypedBeforeHydration } from './use-typed-before-hydration';
import { FormTextInput } from '../../components/form-inputs';
import { AuthForm } from './auth-form';

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
    <AuthForm
      onSubmit={submit}
      error={forgot.error}
      action="Send reset code"
      pending={forgot.isPending}
      footer={
        <Anchor component={Link} to="/" size="sm" ta="center">
          Back to sign in
        </Anchor>
      }
    >
      <FormTextInput
        form={form}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        autoFocus
      />
    </AuthForm>
  );
};
