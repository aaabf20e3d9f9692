import { Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { logout } from '../../lib/logout';
import { AccountButton } from './account-button';

/** Account Settings and Logout under the account button; `defaultOpened` when it was pressed while loading. */
export const AccountMenu = ({ defaultOpened }: { defaultOpened: boolean }) => (
  <Menu position="bottom-end" width={200} defaultOpened={defaultOpened}>
    <Menu.Target>
      <AccountButton />
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
        Account Settings
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
        Logout
      </Menu.Item>
    </Menu.Dropdown>
  </Menu>
);
