import { Alert, Button, Code, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { ReplacementQuota } from '@proxydesk/contract';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { CopyButton } from '../../components/copy-button';
import { FormAlert } from '../../components/form-alert';
import { formatDate } from '../../lib/format';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 'es'}`;

/** "Replace these?": the addresses named, what it takes of the quota, and what happens to the old ones. */
export const ReplaceConfirm = ({
  opened,
  addresses,
  quota,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  addresses: string[];
  quota: ReplacementQuota;
  pending: boolean;
  error: string | undefined;
  onClose: () => void;
  onConfirm: () => void;
}) => (
  <Modal opened={opened} onClose={onClose} title={`Replace ${plural(addresses.length, 'address')}?`} centered>
    <Stack gap="md">
      <List size="sm" spacing={2} data-testid="replace-confirm-list">
        {addresses.map((line) => (
          <List.Item key={line}>
            <Code>{line}</Code>
          </List.Item>
        ))}
      </List>
      <Text size="sm">
        Each gets a free address of the same pool, and stops answering within seconds. This uses{' '}
        {addresses.length} of your {Math.max(0, quota.quota - quota.used)} replacements left this month (
        {quota.used} / {quota.quota} used; it resets {formatDate(quota.resets_at)}).
      </Text>
      <FormAlert>{error}</FormAlert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button loading={pending} onClick={onConfirm}>
          Replace
        </Button>
      </Group>
    </Stack>
  </Modal>
);

/** The addresses just given, old → new, with the new lines to copy. */
export const ReplacedAddresses = ({ replaced }: { replaced: { old: string; new: string }[] }) => (
  <Alert
    color="teal"
    variant="light"
    icon={<IconCircleCheck size={18} />}
    title={`${plural(replaced.length, 'new address')} ready`}
    mb="sm"
    data-testid="replaced-addresses"
  >
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <Stack gap={2}>
        {replaced.map((swap) => (
          <Text key={swap.old} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" td="line-through" inherit>
              {swap.old}
            </Text>{' '}
            <IconArrowRight size={12} aria-label="replaced by" style={{ verticalAlign: 'middle' }} />{' '}
            {swap.new}
          </Text>
        ))}
      </Stack>
      <CopyButton value={replaced.map((swap) => swap.new).join('\n')} label="Copy new addresses" />
    </Group>
  </Alert>
);
