import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { IpProduct } from '@proxydesk/contract';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useDeleteWhitelistedIp, useWhitelist, useWhitelistIp } from './api/proxies';
import { useIpField } from './use-ip-field';

/** Whitelist an IP, and the table of whitelisted IPs (#, IP, delete) that reloads after a change. */
export const Whitelist = ({ product, planId }: { product: IpProduct; planId: string }) => {
  const list = useWhitelist(product, planId);
  const add = useWhitelistIp();
  const remove = useDeleteWhitelistedIp(false);
  const ip = useIpField();
  const [removed, setRemoved] = useState<string | null>(null);
  const [lastOne, setLastOne] = useState<{ id: string; ip: string } | null>(null);
  const removeEntry = (entry: { id: string; ip: string }) =>
    remove.mutate(entry.id, {
      onSuccess: () => {
        setLastOne(null);
        setRemoved(entry.ip);
      },
    });
  // The last IP stops every line of the plan: asked first (issue #33 item 6).
  const askOrRemove = (entry: { id: string; ip: string }) =>
    (list.data ?? []).length === 1 ? setLastOne(entry) : removeEntry(entry);
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb="sm">
        Whitelisted IPs
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const address = ip.take();
          if (address) add.mutate({ ip: address, plan: planId }, { onSuccess: ip.clear });
        }}
      >
        <Group align="flex-start" gap="sm" mb="sm">
          <TextInput
            placeholder="203.0.113.7 or 2001:db8::1"
            aria-label="IP to whitelist"
            {...ip.input}
            style={{ flexGrow: 1 }}
          />
          <Button type="submit" loading={add.isPending}>
            Whitelist IP
          </Button>
        </Group>
      </form>
      <FormAlert>{add.error?.message ?? remove.error?.message}</FormAlert>
      {list.isPending ? (
        <Skeleton height={80} />
      ) : (list.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          No IP yet: whitelist the address you connect from.
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="whitelist-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              <Table.Th>IP</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data ?? []).map((entry, index) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td ff="monospace">{entry.ip}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${entry.ip}`}
                    loading={remove.isPending && remove.variables === entry.id}
                    onClick={() => askOrRemove(entry)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {/* Said in the card, beside the list: a corner toast would cover the row on a phone (issue #33 item 6). */}
      {removed && (
        <Text size="sm" c="teal" role="status" mt="xs" data-testid="whitelist-removed">
          <IconCheck size={14} style={{ verticalAlign: 'middle' }} /> {removed} removed from the whitelist
        </Text>
      )}
      <Modal
        opened={lastOne !== null}
        onClose={() => setLastOne(null)}
        title="Remove the last whitelisted IP?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {lastOne?.ip} is the only IP allowed on this plan. Without it, every line of the plan stops
            answering until you whitelist another IP.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setLastOne(null)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => lastOne && removeEntry(lastOne)}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
};
