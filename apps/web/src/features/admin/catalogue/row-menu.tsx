import { ActionIcon, Badge, Card, Group, Menu, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface RowAction {
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/** A row's actions behind one "…" button: Edit, Retire, Disable. */
export const RowMenu = ({ name, actions }: { name: string; actions: RowAction[] }) => (
  <Menu position="bottom-end">
    <Menu.Target>
      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
        <IconDots size={18} />
      </ActionIcon>
    </Menu.Target>
    <Menu.Dropdown>
      {actions.map((action) => (
        <Menu.Item key={action.label} color={action.danger ? 'red' : undefined} onClick={action.onClick}>
          {action.label}
        </Menu.Item>
      ))}
    </Menu.Dropdown>
  </Menu>
);

/** A table row as a card on phones: the name and state on top, the figures under it, the actions beside. */
export const RowCard = ({
  title,
  details,
  status,
  actions,
}: {
  title: ReactNode;
  details: ReactNode;
  status: { label: string; color: string };
  actions?: ReactNode;
}) => (
  <Card withBorder padding="sm">
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
      <div style={{ minWidth: 0 }}>
        {title}
        <Text size="xs" c="dimmed" mt={2}>
          {details}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Badge variant="light" color={status.color}>
          {status.label}
        </Badge>
        {actions}
      </Group>
    </Group>
  </Card>
);
