import { ActionIcon, Menu } from '@mantine/core';
import type { Subuser } from '@proxydesk/contract';
import {
  IconChartBar,
  IconAdjustments,
  IconDots,
  IconGauge,
  IconKey,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconWorld,
} from '@tabler/icons-react';

export type SubuserAction =
  'pause' | 'resume' | 'password' | 'usage' | 'limit' | 'countries' | 'fair-use' | 'delete';

/** A sub-user's actions, behind one button on its row. */
export const SubuserMenu = ({
  subuser,
  busy,
  onAction,
}: {
  subuser: Subuser;
  busy: boolean;
  onAction: (action: SubuserAction, subuser: Subuser) => void;
}) => {
  const active = subuser.status === 'active';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${subuser.name}`} loading={busy}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconChartBar size={16} />} onClick={() => onAction('usage', subuser)}>
          Usage…
        </Menu.Item>
        <Menu.Item
          leftSection={active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          onClick={() => onAction(active ? 'pause' : 'resume', subuser)}
        >
          {active ? 'Pause' : 'Resume'}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction('password', subuser)}>
          New password
        </Menu.Item>
        <Menu.Item leftSection={<IconGauge size={16} />} onClick={() => onAction('limit', subuser)}>
          Data limit…
        </Menu.Item>
        <Menu.Item leftSection={<IconWorld size={16} />} onClick={() => onAction('countries', subuser)}>
          Countries…
        </Menu.Item>
        <Menu.Item leftSection={<IconAdjustments size={16} />} onClick={() => onAction('fair-use', subuser)}>
          Fair use…
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => onAction('delete', subuser)}
        >
          Delete…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
