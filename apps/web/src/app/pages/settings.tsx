import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useAccess } from '../../lib/access';
import { ApiKeyCard } from '../../features/settings/api-key-card';
import { BillingDetailsCard } from '../../features/settings/billing-details-card';
import { ChangeEmailCard } from '../../features/settings/change-email-card';
import { ChangePasswordCard } from '../../features/settings/change-password-card';
import { DangerZone } from '../../features/settings/danger-zone';
import { NotificationsCard } from '../../features/settings/notifications-card';
import { ProxyPasswordCard } from '../../features/settings/proxy-password-card';
import { SecuritySwitches } from '../../features/settings/security-switches';
import { WebhooksCard } from '../../features/settings/webhooks-card';

/**
 * Account Settings (SPEC.md §2): e-mail, password, two-factor, deactivation, billing details (issue #30), the
 * mails to receive, the proxy lines' password and, for resellers, the API key.
 */
export const SettingsPage = () => {
  const access = useAccess();
  return (
    <>
      <PageHeader title="Account Settings" description="Sign-in details and account security." />
      {access.error ? (
        <QueryError query={access} />
      ) : !access.data ? (
        <Skeleton height={240} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChangeEmailCard hasPassword={access.data.has_password} current={access.data.email} />
            <ChangePasswordCard />
          </SimpleGrid>
          <SecuritySwitches access={access.data} />
          <BillingDetailsCard />
          <NotificationsCard />
          <ProxyPasswordCard />
          {access.data.isReseller && <ApiKeyCard access={access.data} />}
          {access.data.isReseller && <WebhooksCard />}
          <DangerZone access={access.data} />
        </Stack>
      )}
    </>
  );
};
