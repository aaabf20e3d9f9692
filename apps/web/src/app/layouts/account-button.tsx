import { ActionIcon } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

/** The header's account button: drawn with the shell, while its menu (and the positioning library) loads. */
export const AccountButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  (props, ref) => (
    <ActionIcon ref={ref} variant="default" size="lg" aria-label="Account menu" {...props}>
      <IconUserCircle size={20} />
    </ActionIcon>
  ),
);
AccountButton.displayName = 'AccountButton';
