import { Button, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from '../../components/form-alert';
import { FormTextInput } from '../../components/form-inputs';

interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The call's failure: its `detail`, above the fields (SPEC.md §8). */
  error: Error | null;
  /** The submit button's label; it spins while the call is `pending`. */
  action: string;
  pending: boolean;
  /** A note above the error (the reset form's "We sent a code"). */
  notice?: ReactNode;
  /** Fetches the form's schema and call once the visitor starts on it (issue #33); none for the small forms. */
  warmUp?: () => void;
  /** The fields, above the button. */
  children: ReactNode;
  /** Links under the button. */
  footer?: ReactNode;
}

/** The frame of every signed-out form (sign-in, sign-up, forgot, reset): error, fields, a full-width submit. */
export const AuthForm = ({
  onSubmit,
  error,
  action,
  pending,
  notice,
  warmUp,
  children,
  footer,
}: AuthFormProps) => (
  <form onSubmit={onSubmit} onKeyDown={warmUp} onPointerDown={warmUp} onInput={warmUp} noValidate>
    <Stack gap="md">
      {notice}
      <FormAlert>{error?.message}</FormAlert>
      {children}
      <Button type="submit" fullWidth loading={pending}>
        {action}
      </Button>
      {footer}
    </Stack>
  </form>
);

/** The username as sign-in and sign-up ask it: the first field, focused. */
export const UsernameInput = <T extends { username: string }>({ form }: { form: UseFormReturnType<T> }) => (
  <FormTextInput form={form} name="username" label="Username" autoComplete="username" required autoFocus />
);
