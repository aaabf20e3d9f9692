import { ActionIcon, Badge, Card, Group, Menu, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

/**
 * A row's actions behind one "…" button: Edit, and switching it off (Retire, Disable: in red) or on again.
 */
export const RowMenu = ({
  name,
  active,
  off,
  on,
  onEdit,
  onSwitch,
}: {
  name: string;
  active: boolean;
  off: string;
  on: string;
  onEdit: () => void;
  onSwitch: () => void;
}) => (
  <Menu position="bottom-end">
    <Menu.Target>
      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
        <IconDots size={18} />
      </ActionIcon>
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Item onClick={onEdit}>Edit</Menu.Item>
      <Menu.Item color={active ? 'red' : undefined} onClick={onSwitch}>
        {active ? off : on}
      </Menu.Item>
    </Menu.Dropdown>
  </Menu>
);

/**
 * A catalogue list's edits: the row being edited (`'new'` while one is added), the row being switched off or on,
 * and each row's RowMenu, named by `nameOf`, its switch by `words` (no menu for who cannot edit).
 */
export const useRowEdits = <T extends { active: boolean }>(
  canEdit: boolean,
  nameOf: (row: T) => string,
  words: { off: string; on: string },
) => {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [switching, setSwitching] = useState<T | null>(null);
  const menu = (row: T) =>
    canEdit && (
      <RowMenu
        name={nameOf(row)}
        active={row.active}
        {...words}
        onEdit={() => setEditing(row)}
        onSwitch={() => setSwitching(row)}
      />
    );
  return { editing, setEditing, switching, setSwitching, menu };
};

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
