import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';

/**
 * Confirms finished work in the corner of the screen (DESIGN.md §7: long work ends in a toast). The words
 * are the toast's own, never a copy of text the page shows, so a page keeps one element per message.
 */
export const toastDone = (message: string) =>
  notifications.show({
    message,
    color: 'teal',
    icon: <IconCheck size={18} />,
    withBorder: true,
    autoClose: 4000,
  });
