import { Badge, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Subuser } from '@proxydesk/contract';
import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { FormAlert } from '../../../components/form-alert';
import { usePauseSubuser, useRegenerateSubuserPassword } from '../api/subusers';
import { countriesText, LimitCell } from './cells';
import { SourcesCell } from './fair-use-cells';
import type { ShownPassword } from './subuser-dialogs';
import { SubuserMenu, type SubuserAction } from './subuser-menu';

const StatusBadge = ({ subuser }: { subuser: Subuser }) => (
  <Badge variant="light" color={subuser.status === 'active' ? 'teal' : 'gray'}>
    {subuser.status === 'active' ? 'Active' : 'Paused'}
  </Badge>
);

const Username = ({ subuser }: { subuser: Subuser }) => (
  <Group gap={4} wrap="nowrap">
    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {subuser.username}
    </Text>
    <CopyButton value={subuser.username} label={`Copy ${subuser.name}'s username`} />
  </Group>
);

const Countries = ({ subuser }: { subuser: Subuser }) => (
  <Text size="sm" title={subuser.allowed_countries.join(', ').toUpperCase() || undefined}>
    {countriesText(subuser.allowed_countries)}
  </Text>
);

const Sources = ({ subuser }: { subuser: Subuser }) => (
  <SourcesCell fairUse={subuser.fair_use} name={subuser.name} />
);

/** The table's columns between the name and the menu: each one's header and what it shows of a sub-user. */
const COLUMNS: { header: string; Cell: (props: { subuser: Subuser }) => ReactNode }[] = [
  { header: 'Username', Cell: Username },
  { header: 'Status', Cell: StatusBadge },
  { header: 'Data', Cell: LimitCell },
  { header: 'Countries', Cell: Countries },
  { header: 'Sources', Cell: Sources },
];

/**
 * Each sub-user: name, username to copy, status, limit and use, countries, current sources (fair use), and a
 * menu of actions. A table from
 * `sm` up; below it, one block per sub-user, so nothing hides behind a sideways scroll at 390 px.
 */
export const SubusersTable = ({
  subusers,
  onAction,
  onPassword,
}: {
  subusers: Subuser[];
  onAction: (action: SubuserAction, subuser: Subuser) => void;
  onPassword: (shown: ShownPassword) => void;
}) => {
  const pause = usePauseSubuser();
  const password = useRegenerateSubuserPassword();
  const busy = (id: string) =>
    (pause.isPending && pause.variables.id === id) || (password.isPending && password.variables === id);
  const act = (action: SubuserAction, subuser: Subuser) => {
    if (action === 'pause' || action === 'resume')
      return pause.mutate({ id: subuser.id, paused: action === 'pause' });
    if (action === 'password')
      return password.mutate(subuser.id, {
        onSuccess: ({ payload }) => onPassword({ ...payload, created: false }),
      });
    onAction(action, subuser);
  };
  return (
    <>
      <FormAlert>{pause.error?.message ?? password.error?.message}</FormAlert>
      <Table verticalSpacing="sm" visibleFrom="sm" data-testid="subusers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {COLUMNS.map(({ header }) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subusers.map((subuser) => (
            <Table.Tr key={subuser.id} data-testid="subuser-row">
              <Table.Td fw={500}>{subuser.name}</Table.Td>
              {COLUMNS.map(({ header, Cell }) => (
                <Table.Td key={header}>
                  <Cell subuser={subuser} />
                </Table.Td>
              ))}
              <Table.Td>
                <SubuserMenu subuser={subuser} busy={busy(subuser.id)} onAction={act} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="sm" hiddenFrom="sm">
        {subusers.map((subuser) => (
          <Paper key={subuser.id} withBorder p="sm" radius="md" data-testid="subuser-item">
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Group gap="xs">
                <Text fw={600}>{subuser.name}</Text>
                <StatusBadge subuser={subuser} />
              </Group>
              <SubuserMenu subuser={subuser} busy={busy(subuser.id)} onAction={act} />
            </Group>
            <Stack gap={6}>
              <Username subuser={subuser} />
              <LimitCell subuser={subuser} />
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  Countries:
                </Text>
                <Countries subuser={subuser} />
              </Group>
              <Sources subuser={subuser} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
};
