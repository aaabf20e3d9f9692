import { Button, Group, Paper, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CredentialFairUse } from '@proxydesk/contract';
import { IconAdjustments } from '@tabler/icons-react';
import { CopyButton } from '../../../components/copy-button';
import { formatDateTime } from '../../../lib/format';
import { connectionsWords, sourcesWords } from './fair-use-words';

/** The source addresses seen within the window, newest first, each to copy. */
const SourceList = ({ fairUse }: { fairUse: CredentialFairUse }) =>
  fairUse.sources.length === 0 ? (
    <Text size="sm" c="dimmed">
      No connection in the window
    </Text>
  ) : (
    <Stack gap={4}>
      {fairUse.sources.map((source) => (
        <Group key={source.address} gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm" ff="monospace">
            {source.address}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {formatDateTime(source.last_seen)}
            </Text>
            <CopyButton value={source.address} label={`Copy ${source.address}`} />
          </Group>
        </Group>
      ))}
    </Stack>
  );

/**
 * A row's fair use: how many source addresses are in the window against the cap, the connection cap, and the
 * addresses themselves one click (or Enter) away.
 */
export const SourcesCell = ({ fairUse, name }: { fairUse: CredentialFairUse; name: string }) => {
  const full = fairUse.effective.max_sources > 0 && fairUse.sources.length >= fairUse.effective.max_sources;
  return (
    <Popover position="bottom-start" withArrow shadow="md" width={300}>
      <Popover.Target>
        <UnstyledButton data-testid="sources-button" title={`Current sources of ${name}`}>
          <Text size="sm" td="underline" style={{ textDecorationStyle: 'dotted' }}>
            {sourcesWords(fairUse)}
            {full ? ' · full' : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {connectionsWords(fairUse)}
          </Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} mb={6}>
          Current sources of {name}
        </Text>
        <SourceList fairUse={fairUse} />
      </Popover.Dropdown>
    </Popover>
  );
};

/** The owner's own line of the product: its caps and sources, above the sub-users. */
export const OwnerFairUse = ({
  fairUse,
  windowMinutes,
  onEdit,
}: {
  fairUse: CredentialFairUse;
  windowMinutes: number;
  onEdit: () => void;
}) => (
  <Paper withBorder radius="md" p="sm" mb="md" data-testid="owner-fair-use">
    <Group justify="space-between" gap="sm" align="flex-start">
      <div>
        <Text size="sm" fw={600}>
          Your own line · fair use
        </Text>
        <Text size="sm" c="dimmed">
          {sourcesWords(fairUse)} in {windowMinutes} minutes · {connectionsWords(fairUse)}
        </Text>
      </div>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconAdjustments size={14} />}
        onClick={onEdit}
        aria-label="Edit fair use of your own line"
      >
        Fair use
      </Button>
    </Group>
    {fairUse.sources.length > 0 && (
      <Stack mt="xs" gap={4}>
        <SourceList fairUse={fairUse} />
      </Stack>
    )}
  </Paper>
);
