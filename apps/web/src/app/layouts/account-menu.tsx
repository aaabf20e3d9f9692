import { Menu, Text } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAccess } from '../../lib/access';
import { logout } from '../../lib/logout';
import { AccountButton } from './account-button';

/**
 * Who is signed in (issue #33 item 7), then Account Settings and Logout, under the account button;
 * `defaultOpened` when it was pressed while loading.
 */
export const AccountMenu = ({ defaultOpened }: { defaultOpened: boolean }) => {
  const access = useAccess().data;
  return (
    <Menu position="bottom-end" width={240} defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton />
      </Menu.Target>
      <Menu.Dropdown>
        {access && (
          <>
            <div data-testid="signed-in-as" style={{ padding: '6px 12px' }}>
              <Text size="xs" c="dimmed">
                Signed in as
              </Text>
              <Text size="sm" fw={600} truncate="end">
                {access.username}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {access.email}
              </Text>
            </div>
            <Menu.Divider />
          </>
        )}
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Account Settings
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
