import { ipSchema } from '@proxydesk/contract';
import { useState, type ChangeEvent } from 'react';

/** An IP address field checked by the same rule as the server (IPv4 or IPv6 literal). */
export const useIpField = () => {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    input: {
      value,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value),
    },
    /** The checked address, or null once the field says why not. */
    take: (): string | null => {
      const parsed = ipSchema.safeParse(value);
      setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter an IPv4 or IPv6 address'));
      return parsed.success ? parsed.data : null;
    },
    clear: () => setValue(''),
  };
};
