import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginBodySchema, type LoginBody } from '@proxydesk/contract';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useLogin } from './api/login';

/** Where the confirm page finds the address an OTP was mailed to (SPEC.md §4). */
export const PENDING_EMAIL_KEY = 'email';

/** Username + password (SPEC.md §5); a 422 means an OTP was mailed: go confirm it. */
export const SignInForm = () => {
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onError: (error) => {
        const email =
          error instanceof ApiError && error.status === 422
            ? (error.payload as { email?: unknown } | undefined)?.email
            : undefined;
        if (typeof email === 'string') {
          localStorage.setItem(PENDING_EMAIL_KEY, email);
          void navigate('/confirm-authentication');
        }
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {login.error && !(login.error instanceof ApiError && login.error.status === 422) && (
          <Alert color="red" variant="light" role="alert">
            {login.error.message}
          </Alert>
        )}
        <TextInput
          label="Username"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('username')}
          key={form.key('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
          key={form.key('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Sign in
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          New here?{' '}
          <Anchor component={Link} to="/signup">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
