import { Skeleton, Stack, Switch } from '@mantine/core';
import type { NotificationSettings } from '@proxydesk/contract';
import { FormAlert } from '../../components/form-alert';
import { QueryError } from '../../components/query-error';
import { useNotifications, useSetNotifications } from './api/notifications';
import { SettingsCard } from './settings-card';

const SWITCHES: { key: keyof NotificationSettings; label: string; description: string }[] = [
  {
    key: 'plan_reminders',
    label: 'Plan reminders',
    description: 'An e-mail 3 days and 24 hours before a plan ends, and when it has ended.',
  },
  {
    key: 'usage_alerts',
    label: 'Usage alerts',
    description: 'An e-mail when a plan sold by the GB has used 80% and all of its data.',
  },
];

/** Settings → Notifications (issue #16 item 4): the mails a customer may turn off; receipts and security always go. */
export const NotificationsCard = () => {
  const settings = useNotifications();
  const save = useSetNotifications();
  return (
    <SettingsCard
      title="Notifications"
      testId="notifications-card"
      intro="Receipts, refunds and security mails (codes, password and e-mail changes) are always sent."
    >
      {settings.error ? (
        <QueryError query={settings} />
      ) : !settings.data ? (
        <Skeleton height={88} />
      ) : (
        <Stack gap="md">
          <FormAlert>{save.error?.message}</FormAlert>
          {SWITCHES.map(({ key, label, description }) => (
            <Switch
              key={key}
              label={label}
              description={description}
              checked={settings.data[key]}
              onChange={(event) => save.mutate({ ...settings.data, [key]: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      )}
    </SettingsCard>
  );
};
