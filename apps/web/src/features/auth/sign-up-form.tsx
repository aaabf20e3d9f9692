import { Anchor, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SignupBody } from '@proxydesk/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loadSignup, useSignup, validateSignup } from './api/signup';
import { rememberPendingEmail } from './pending-email';
import { SocialButtons } from './social-buttons';
import { useNext } from './use-next';
import { useTypedBeforeHydration } from './use-typed-before-hydration';
import { FormPasswordInput, FormTextInput } from '../../components/form-inputs';
import { AuthForm, UsernameInput } from './auth-form';

/** Username, e-mail, password and an optional referral code, prefilled from `?ref=` (SPEC.md §2, §5). */
export const SignUpForm = () => {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const referee = search.get('ref');
  const signup = useSignup();
  const { link } = useNext();
  const form = useForm<SignupBody>({
    mode: 'uncontrolled',
    initialValues: { username: '', email: '', password: '', referee: referee ?? '' },
    validate: validateSignup,
  });
  useTypedBeforeHydration(form);

  const warmUp = () => void loadSignup().catch(() => undefined);
  const submit = form.onSubmit((values) => {
    // The e-mail is kept first (SPEC.md §4), so the confirm page knows where the code went.
    rememberPendingEmail(values.email.trim().toLowerCase());
    signup.mutate(values, {
      onSuccess: (next) => {
        if (next) void navigate(next.to, { state: next.state });
      },
    });
  });

  return (
    <Stack gap="md">
      <SocialButtons referee={referee} />
      {/* The schema and the call come once the visitor starts on the form (api/signup.ts). */}
      <AuthForm
        onSubmit={submit}
        error={signup.error}
        action="Create account"
        pending={signup.isPending}
        warmUp={warmUp}
        footer={
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to={link('/')} underline="always">
              Sign in
            </Anchor>
          </Text>
        }
      >
        <UsernameInput form={form} />
        <FormTextInput form={form} name="email" label="E-mail" type="email" autoComplete="email" required />
        <FormPasswordInput
          form={form}
          name="password"
          label="Password"
          description="At least 8 characters. A few words you will remember make a strong one."
          autoComplete="new-password"
          required
        />
        <FormTextInput
          form={form}
          name="referee"
          label="Referral code"
          description="Optional"
          autoComplete="off"
        />
      </AuthForm>
    </Stack>
  );
};
