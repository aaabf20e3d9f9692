import { TextInput } from '@mantine/core';

/** A mailed 6-digit code, typed or pasted (the browser may offer it from the mail). */
export const CodeInput = ({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) => (
  <TextInput
    label={label}
    inputMode="numeric"
    autoComplete="one-time-code"
    maxLength={6}
    required
    value={value}
    onChange={(e) => onChange(e.currentTarget.value)}
    error={error}
  />
);
