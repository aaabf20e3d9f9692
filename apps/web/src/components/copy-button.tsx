import { ActionIcon, CopyButton as MantineCopyButton, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import classes from './copy-button.module.css';

/** Copies `value`; the label turns to "Copied" for a moment (SPEC.md §2). `onCopy` hears each copy. */
export const CopyButton = ({
  value,
  label = 'Copy',
  disabled,
  onCopy,
}: {
  value: string;
  label?: string;
  disabled?: boolean;
  onCopy?: () => void;
}) => (
  <MantineCopyButton value={value} timeout={2000}>
    {({ copied, copy }) => (
      <span className={classes.wrap} data-label={copied ? 'Copied' : label} data-copied={copied || undefined}>
        <ActionIcon
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          onClick={() => {
            copy();
            onCopy?.();
          }}
          disabled={disabled}
          aria-label={copied ? 'Copied' : label}
        >
          {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
        </ActionIcon>
      </span>
    )}
  </MantineCopyButton>
);

/** A value shown read-only in a field named `label`, with the button that copies it (`copyLabel`). */
export const CopyField = ({
  value,
  label,
  copyLabel,
}: {
  value: string;
  label: string;
  copyLabel: string;
}) => (
  <TextInput
    readOnly
    value={value}
    aria-label={label}
    rightSection={<CopyButton value={value} label={copyLabel} />}
  />
);
