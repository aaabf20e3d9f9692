import { Anchor, SimpleGrid, Title } from '@mantine/core';
import { FAILURE_DAYS, type AdminOverview } from '@proxydesk/contract';
import { IconAlertTriangle, IconFlag, IconMailX, IconWebhook } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCard } from '../../components/stat-card';

/** A UTC day `days` ago, as the Money list's `from=` takes it. */
export const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** What went wrong in the last days (issue #17 §2), each figure a link to its list. */
export const OverviewFailures = ({ failures }: { failures: AdminOverview['failures'] | undefined }) => {
  const figures = [
    {
      label: 'Mails failed',
      value: failures?.mails_failed,
      to: '/admin/mails?state=failed',
      icon: IconMailX,
    },
    {
      label: 'Provider webhooks refused',
      value: failures?.webhooks_refused,
      to: '/admin/webhooks',
      icon: IconWebhook,
    },
    {
      label: 'Payments flagged',
      value: failures?.payments_flagged,
      to: `/admin/money?status=flagged&from=${dayAgo(FAILURE_DAYS)}`,
      icon: IconFlag,
    },
    { label: 'Jobs failed', value: failures?.jobs_failed, to: '/admin/jobs', icon: IconAlertTriangle },
  ];
  return (
    <>
      <Title order={3} size="h4" mb="sm">
        Needs a look, last {FAILURE_DAYS} days
      </Title>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }} mb="lg">
        {figures.map((figure) => (
          <StatCard
            key={figure.label}
            label={figure.label}
            value={figure.value ?? ''}
            icon={<figure.icon size={20} />}
            loading={!failures}
            action={
              <Anchor component={Link} to={figure.to} size="sm">
                List
              </Anchor>
            }
          />
        ))}
      </SimpleGrid>
    </>
  );
};
