import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { adminCatalogueEndpoints as endpoints, MAINTENANCE_APP_PREFIX } from '@proxydesk/contract';
import { useState } from 'react';
import type { SectionProps } from './catalogue-page';
import { useCatalogueEdit } from './catalogue-api';
import { DANGER, ReasonModal } from './reason-modal';

const HERE = '/admin/catalogue/maintenance';

/**
 * The maintenance switch (issue #17 §5): on, every customer's `/` shows the maintenance page and the app,
 * this console too, lives under `/4`; the page reloads there (or back) so the operator keeps the console.
 */
export const MaintenanceSection = ({ catalogue, canEdit }: SectionProps) => {
  const [asking, setAsking] = useState(false);
  const on = catalogue.maintenance;
  const save = useCatalogueEdit(endpoints.setMaintenance, () =>
    window.location.assign(on ? HERE : `${MAINTENANCE_APP_PREFIX}${HERE}`),
  );
  return (
    <Card
      withBorder
      padding="lg"
      maw={640}
      style={{ borderColor: on ? 'var(--mantine-color-red-filled)' : undefined }}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Maintenance page
          </Title>
          <Badge
            variant={on ? 'filled' : 'light'}
            color={on ? DANGER : 'teal'}
            data-testid="maintenance-state"
          >
            {on ? 'On: the shop is closed' : 'Off: the shop is open'}
          </Badge>
        </Group>
        <Text size="sm">
          While it is on, everyone who opens the shop sees &ldquo;We&apos;ll be back soon&rdquo; instead of
          the dashboard. The app stays reachable under /4, and this console moves to /4/admin.
        </Text>
        {canEdit && (
          <Button
            color={on ? undefined : DANGER}
            leftSection={on ? undefined : <IconAlertTriangle size={16} />}
            onClick={() => setAsking(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            {on ? 'Turn maintenance off' : 'Turn maintenance on'}
          </Button>
        )}
      </Stack>
      {asking && (
        <ReasonModal
          title={on ? 'Open the shop again?' : 'Close the shop for maintenance?'}
          confirm={on ? 'Turn off' : 'Turn maintenance on'}
          danger={!on}
          pending={save.isPending}
          error={save.error}
          onClose={() => setAsking(false)}
          onConfirm={(reason) =>
            save.mutate({ body: { status: !on, reason } }, { onSuccess: () => setAsking(false) })
          }
        >
          <Text size="sm">
            {on
              ? 'Customers get the dashboard back at once.'
              : 'Every customer sees the maintenance page at once, until you turn it off.'}
          </Text>
        </ReasonModal>
      )}
    </Card>
  );
};
