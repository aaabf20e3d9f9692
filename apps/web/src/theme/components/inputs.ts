import { PasswordInput, TextInput } from '@mantine/core';

export const TextInputExtension = TextInput.extend({ defaultProps: { radius: 'md' } });
export const PasswordInputExtension = PasswordInput.extend({ defaultProps: { radius: 'md' } });
