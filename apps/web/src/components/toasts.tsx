import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Where toasts appear: loaded beside the shell; a toast raised before it mounts waits in the store. */
export const Toasts = () => <Notifications />;
