import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** The server's `detail` in a danger alert (SPEC.md §8), or a note in another colour; nothing when empty. */
export const FormAlert = ({
  children,
  color = 'red',
}: {
  children: ReactNode;
  color?: 'red' | 'yellow' | 'green' | 'blue';
}) =>
  children ? (
    <Alert color={color} variant="light" role={color === 'red' || color === 'yellow' ? 'alert' : 'status'}>
      {children}
    </Alert>
  ) : null;
