import { Anchor } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { resetPasswordBodySchema, type ResetPasswordBody } from '@proxydesk/contract';
import { Link, useLocation } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { NoCodeHelp } from '../../components/reach-support';
import type { SupportContact } from '../../lib/support';
import { useResetPassword } from './api/auth-mutations';
import { FormPasswordInput, FormTextInput } from '../../components/form-inputs';
import { AuthForm } from './auth-form';

/** Code + new password + confirmation; "Passwords doesn't matched." on a mismatch (SPEC.md §5). */
export const ResetForm = ({ email, support }: { email: string; support: SupportContact | null }) => {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const reset = useResetPassword();
  const form = useForm<ResetPasswordBody>({
    mode: 'uncontrolled',
    initialValues: { email, otp: '', password: '', cnf_password: '' },
    validate: schemaResolver(resetPasswordBodySchema, { sync: true }),
  });
  return (
    <AuthForm
      onSubmit={form.onSubmit((values) => reset.mutate(values))}
      error={reset.error}
      action="Set new password"
      pending={reset.isPending}
      notice={<FormAlert color="blue">{notice ?? `We sent a code to ${email}.`}</FormAlert>}
      footer={
        <>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Send another code
          </Anchor>
          <NoCodeHelp contact={support} />
        </>
      }
    >
      <FormTextInput
        form={form}
        name="otp"
        label="Code from the e-mail"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        autoFocus
      />
      <FormPasswordInput
        form={form}
        name="password"
        label="New password"
        autoComplete="new-password"
        required
      />
      <FormPasswordInput
        form={form}
        name="cnf_password"
        label="Confirm new password"
        autoComplete="new-password"
        required
      />
    </AuthForm>
  );
};
