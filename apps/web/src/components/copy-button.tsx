import { ActionIcon, CopyButton as MantineCopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** Copies `value`; the label turns to "Copied" for a moment (SPEC.md §2). */
export const CopyButton = ({ value, label = 'Copy' }: { value: string; label?: string }) => (
  <MantineCopyButton value={value} timeout={2000}>
    {({ copied, copy }) => (
      <Tooltip label={copied ? 'Copied' : label} withArrow>
        <ActionIcon
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          onClick={copy}
          aria-label={copied ? 'Copied' : label}
        >
          {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
        </ActionIcon>
      </Tooltip>
    )}
  </MantineCopyButton>
);
