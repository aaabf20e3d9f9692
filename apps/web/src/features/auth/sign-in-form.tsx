import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginBody } from '@proxydesk/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { loadLogin, useLogin, validateLogin } from './api/login';
import { takeOAuthWarning } from './oauth-warning';
import { SocialButtons } from './social-buttons';
import { useNext } from './use-next';
import { useTypedBeforeHydration } from './use-typed-before-hydration';
import { FormPasswordInput } from '../../components/form-inputs';
import { AuthForm, UsernameInput } from './auth-form';

/** Username + password (SPEC.md §5); a 422 means an OTP was mailed: go confirm it (api/login-call.ts). */
export const SignInForm = () => {
  const navigate = useNavigate();
  const login = useLogin();
  const { link } = useNext();
  // A Google sign-in that failed left its detail here, to show as a warning (SPEC.md §8). Read after
  // hydration: the page drawn at build time has none.
  const [warning, setWarning] = useState<string | null>(null);
  useEffect(() => {
    const left = takeOAuthWarning();
    // Once, after hydration: sessionStorage is not there when the page is rendered at build time.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (left) setWarning(left);
  }, []);
  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: validateLogin,
  });
  useTypedBeforeHydration(form);

  const warmUp = () => void loadLogin().catch(() => undefined);
  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: (next) => {
        if (next) void navigate(next.to, { state: next.state });
      },
    }),
  );

  return (
    <Stack gap="md">
      <FormAlert color="yellow">{warning}</FormAlert>
      <SocialButtons />
      {/* The schema and the call, fetched once the visitor starts on the form (api/login.ts), not with the page:
          a visitor who only looks never downloads them (issue #33: the first load's weight). */}
      <AuthForm
        onSubmit={submit}
        error={login.error}
        action="Sign in"
        pending={login.isPending}
        warmUp={warmUp}
        footer={
          <Text size="sm" ta="center" c="dimmed">
            New here?{' '}
            <Anchor component={Link} to={link('/signup')} underline="always">
              Create an account
            </Anchor>
          </Text>
        }
      >
        <UsernameInput form={form} />
        <FormPasswordInput
          form={form}
          name="password"
          label="Password"
          autoComplete="current-password"
          required
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
      </AuthForm>
    </Stack>
  );
};
