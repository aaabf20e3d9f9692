import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/**
 * An input bound to a field of a Mantine form: its value, error and events, and the key that renews it when the
 * form resets (uncontrolled mode). One line where each form wrote the same three props again.
 */
type Bound<T, P> = Omit<P, 'form' | 'name'> & { form: UseFormReturnType<T>; name: string & keyof T };

export const FormTextInput = <T,>({ form, name, ...props }: Bound<T, TextInputProps>) => (
  <TextInput {...props} {...form.getInputProps(name)} key={form.key(name)} />
);

export const FormPasswordInput = <T,>({ form, name, ...props }: Bound<T, PasswordInputProps>) => (
  <PasswordInput {...props} {...form.getInputProps(name)} key={form.key(name)} />
);
