import { Badge, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconClockPause, IconCurrencyEuro, IconPackage, IconStar, IconTicket } from '@tabler/icons-react';
import { CopyButton } from '../../components/copy-button';
import { QueryError } from '../../components/query-error';
import { StatCard } from '../../components/stat-card';
import { formatDate, formatEuro } from '../../lib/format';
import { useDashboardStats } from './api/get-dashboard-stats';
import { PendingActivationBanner } from './pending-activation-banner';
import { BuyPlanCard, PlanList } from './plan-list';

/** The dashboard's cards and profile (SPEC.md §2 Dashboard), real figures from the account. */
export const DashboardOverview = () => {
  const stats = useDashboardStats();
  if (stats.error)
    return (
      <QueryError
        error={stats.error}
        onRetry={() => void stats.refetch()}
        title="Could not load your dashboard"
      />
    );
  const s = stats.data;
  const loading = stats.isPending;
  const shareLink = s ? `${window.location.origin}/signup?ref=${encodeURIComponent(s.referral_code)}` : '';

  return (
    <Stack gap="lg">
      {s && s.totalPendingActivation > 0 && <PendingActivationBanner />}
      {s?.totalPlanPurchased === 0 && (
        <BuyPlanCard
          testId="first-plan"
          title="Buy your first plan"
          text="Datacenter, ISP, IPv6 or residential: your proxies are ready as soon as it is paid."
        />
      )}
      {s && s.totalPlanPurchased > 0 && <PlanList />}
      {/* Two figures a row on phones, three on wider screens; the referral code takes the room it needs. */}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <StatCard
          label="Total plans purchased"
          icon={<IconPackage size={20} />}
          loading={loading}
          value={s?.totalPlanPurchased}
        />
        <StatCard
          label="Money spent"
          icon={<IconCurrencyEuro size={20} />}
          loading={loading}
          value={s && formatEuro(s.moneySpent)}
        />
        <StatCard
          label="Pending activations"
          icon={<IconClockPause size={20} />}
          loading={loading}
          value={s && (s.totalPendingActivation > 0 ? s.totalPendingActivation : 'N/A')}
          hint={s && s.totalPendingActivation > 0 ? 'Plans waiting for an IP to activate them' : undefined}
        />
        <StatCard
          label="Referral points"
          icon={<IconStar size={20} />}
          loading={loading}
          value={s?.referral_points}
          hint="One point for each euro your referrals pay"
        />
        <div style={{ gridColumn: 'span 2', display: 'grid' }}>
          <StatCard
            label="Referral code"
            icon={<IconTicket size={20} />}
            loading={loading}
            value={s?.referral_code}
            action={s && <CopyButton value={s.referral_code} label="Copy referral code" />}
          />
        </div>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="sm">
            Invite friends
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Share your link: when the people you invite pay, you earn referral points.
          </Text>
          <TextInput
            readOnly
            value={shareLink}
            aria-label="Referral link"
            rightSection={shareLink ? <CopyButton value={shareLink} label="Copy referral link" /> : null}
          />
        </Card>
        <Card withBorder padding="lg" data-testid="profile-card">
          <Title order={3} size="h4" mb="sm">
            Profile
          </Title>
          <Stack gap={8}>
            <ProfileRow label="Username" value={s?.username} />
            <ProfileRow label="E-mail" value={s?.email} />
            <ProfileRow
              label="Two-factor authentication"
              value={
                s && (
                  <Badge color={s.is_2fa_enabled ? 'teal' : 'gray'} variant="light">
                    {s.is_2fa_enabled ? 'On' : 'Off'}
                  </Badge>
                )
              }
            />
            <ProfileRow label="Joined" value={s && formatDate(s.joined)} />
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
};

const ProfileRow = ({ label, value }: { label: string; value: React.ReactNode }) => (
  <Group justify="space-between" gap="md" wrap="nowrap">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} component="div" ta="right" style={{ overflowWrap: 'anywhere' }}>
      {value ?? '…'}
    </Text>
  </Group>
);
