import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { wantToasts } from './toasts-wanted';

/**
 * Confirms finished work in the corner of the screen (DESIGN.md §7: long work ends in a toast): the server's
 * success `detail` where the call answers one (SPEC.md §8), the web's own words after it if any.
 */
export const toastDone = (message: string) => {
  wantToasts();
  return notifications.show({
    message,
    color: 'teal',
    icon: <IconCheck size={18} />,
    withBorder: true,
    autoClose: 4000,
  });
};
