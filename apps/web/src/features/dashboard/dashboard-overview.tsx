import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClockPause, IconCurrencyEuro, IconPackage, IconStar, IconTicket } from '@tabler/icons-react';
import { CopyButton, CopyField } from '../../components/copy-button';
import { QueryError } from '../../components/query-error';
import { StatCard } from '../../components/stat-card';
import { formatDate, formatEuro } from '../../lib/format';
import { useDashboardStats } from './api/get-dashboard-stats';
import { useMyPlans } from './api/get-my-plans';
import { PendingActivationBanner } from './pending-activation-banner';
import { BuyPlanCard, PlanList, type PlanBuyButtons } from './plan-list';

/**
 * The dashboard's outline until its figures (and, for a customer who bought, the plan list above them) are in:
 * the page is then drawn whole, so nothing moves down when the plans arrive (layout shift, issue #18).
 */
const DashboardSkeleton = () => (
  <Stack gap="lg" role="status" aria-label="Loading your dashboard" data-testid="dashboard-skeleton">
    <Skeleton height={132} radius="md" />
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
      {[1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} height={104} radius="md" />
      ))}
    </SimpleGrid>
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Skeleton height={190} radius="md" />
      <Skeleton height={190} radius="md" />
    </SimpleGrid>
  </Stack>
);

/**
 * The dashboard's cards and profile (SPEC.md §2 Dashboard), real figures from the account; the plan list's Renew
 * and Buy more GB come from src/app.
 */
export const DashboardOverview = ({ planButtons }: { planButtons: PlanBuyButtons }) => {
  const stats = useDashboardStats();
  const plans = useMyPlans();
  if (stats.error) return <QueryError query={stats} title="Could not load your dashboard" />;
  const s = stats.data;
  if (!s || (s.totalPlanPurchased > 0 && plans.isPending)) return <DashboardSkeleton />;
  const shareLink = `${window.location.origin}/signup?ref=${encodeURIComponent(s.referral_code)}`;

  return (
    <Stack gap="lg" data-testid="dashboard-overview">
      {s.totalPendingActivation > 0 && <PendingActivationBanner />}
      {s.totalPlanPurchased === 0 && (
        <BuyPlanCard
          testId="first-plan"
          title="Buy your first plan"
          text="Datacenter, ISP, IPv6 or residential: your proxies are ready as soon as it is paid."
        />
      )}
      {s.totalPlanPurchased > 0 && <PlanList buttons={planButtons} />}
      {/* Two figures a row on phones, three on wider screens; the referral code takes the room it needs. */}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <StatCard
          label="Total plans purchased"
          icon={<IconPackage size={20} />}
          value={s.totalPlanPurchased}
        />
        <StatCard
          label="Money spent"
          icon={<IconCurrencyEuro size={20} />}
          value={formatEuro(s.moneySpent)}
        />
        <StatCard
          label="Pending activations"
          icon={<IconClockPause size={20} />}
          value={s.totalPendingActivation > 0 ? s.totalPendingActivation : 'N/A'}
          hint={s.totalPendingActivation > 0 ? 'Plans waiting for an IP to activate them' : undefined}
        />
        <StatCard
          label="Referral points"
          icon={<IconStar size={20} />}
          value={s.referral_points}
          hint="One point for each euro your referrals pay"
        />
        <div style={{ gridColumn: 'span 2', display: 'grid' }}>
          <StatCard
            label="Referral code"
            icon={<IconTicket size={20} />}
            value={s.referral_code}
            action={<CopyButton value={s.referral_code} label="Copy referral code" />}
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
          <CopyField value={shareLink} label="Referral link" copyLabel="Copy referral link" />
        </Card>
        <Card withBorder padding="lg" data-testid="profile-card">
          <Title order={3} size="h4" mb="sm">
            Profile
          </Title>
          <Stack gap={8}>
            <ProfileRow label="Username" value={s.username} />
            <ProfileRow label="E-mail" value={s.email} />
            <ProfileRow
              label="Two-factor authentication"
              value={
                <Badge color={s.is_2fa_enabled ? 'teal' : 'gray'} variant="light">
                  {s.is_2fa_enabled ? 'On' : 'Off'}
                </Badge>
              }
            />
            <ProfileRow label="Joined" value={formatDate(s.joined)} />
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
