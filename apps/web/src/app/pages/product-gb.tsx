import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendar, IconDatabase, IconPackage, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { StatCard } from '../../components/stat-card';
import { useActivatePremium, useProductDashboard } from '../../features/proxies/api/proxies';
import { GeneratorForm } from '../../features/proxies/generator-form';
import { UsagePanel } from '../../features/proxies/usage-panel';
import { ActivationBanner, IpModal } from '../../features/proxies/ip-activation';
import { NoPlan } from '../../features/proxies/no-plan';
import { NormalGenerator } from '../../features/proxies/normal-generator';
import { SubusersCard } from '../../features/proxies/subusers/subusers-card';
import { AutoRenewSwitch, PlanStateAlert, renewable } from '../../features/proxies/plan-lifecycle';
import { formatDate } from '../../lib/format';
import { BuyMoreGbWithCheckout } from '../buy-more-gb-with-checkout';
import { RenewWithCheckout } from '../renew-with-checkout';

const gb = (value: number) => `${value.toFixed(2)} GB`;

type GbProduct = 'PR_2' | 'PR_3' | 'PR_6';

const ABOUT: Record<GbProduct, { title: string; description: string }> = {
  PR_2: { title: 'ISP', description: 'Static ISP IPs, sold by the GB.' },
  PR_3: { title: 'Residential', description: 'Rotating residential IPs, sold by the GB.' },
  PR_6: { title: 'Premium Residential', description: 'Residential IPs by city and ISP, sold by the GB.' },
};

/**
 * /product/isp and /product/premium-residential (SPEC.md §2), /product/residential (issue #19, the normal plans
 * with /proxy's one-button generator): cards, usage, the generator; what the product is without a plan.
 */
const GbProductPage = ({ product }: { product: GbProduct }) => {
  const dashboard = useProductDashboard();
  const activate = useActivatePremium();
  const [whitelisting, setWhitelisting] = useState(false);
  const premium = product === 'PR_6';
  const { title, description } = ABOUT[product];
  if (dashboard.error) return <QueryError query={dashboard} />;
  const data = dashboard.data?.[product];
  const loading = dashboard.isPending;
  const used = data
    ? 'traffic' in data.user_data.data
      ? data.user_data.data.traffic
      : data.user_data.data.usedTraffic
    : 0;
  const left = data && 'availableTraffic' in data.user_data.data ? data.user_data.data.availableTraffic : 0;
  const bought = data?.plan_data?.data ?? 0;

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          data?.have_plan ? (
            <>
              {premium && (
                <Button variant="default" onClick={() => setWhitelisting(true)}>
                  Whitelist IP
                </Button>
              )}
              <BuyMoreGbWithCheckout product={product} leftSection={<IconPlus size={16} />}>
                Buy more GB
              </BuyMoreGbWithCheckout>
            </>
          ) : undefined
        }
      />
      <Stack gap="md">
        {premium && data?.isPendingPlan && (
          <ActivationBanner
            what={title}
            plans={[{ name: data.plan_data?.planName ?? title }]}
            pending={activate.isPending}
            error={activate.error?.message}
            onActivate={(_plan, ip, done) => activate.mutate(ip, { onSuccess: done })}
          />
        )}
        {data?.plan_data && (
          <PlanStateAlert status={data.plan_data.status} expiry={data.plan_data.expiry_date} />
        )}
        {data && !data.have_plan && <NoPlan what={title} product={product} />}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <StatCard
            label="Active Plan"
            icon={<IconPackage size={20} />}
            loading={loading}
            value={data?.plan_data?.planName ?? 'N/A'}
          />
          {premium ? (
            <>
              <StatCard
                label="Data Left"
                icon={<IconDatabase size={20} />}
                loading={loading}
                value={gb(left)}
              />
              <StatCard
                label="Used Data"
                icon={<IconDatabase size={20} />}
                loading={loading}
                value={gb(used)}
              />
            </>
          ) : (
            <StatCard
              label="Data Used / Data Purchased"
              icon={<IconDatabase size={20} />}
              loading={loading}
              // The purchased figure smaller, so that both fit on one line of a third of the page.
              value={
                <>
                  {gb(used)}{' '}
                  <Text span fz="lg" fw={500} c="dimmed">
                    / {gb(bought)}
                  </Text>
                </>
              }
            />
          )}
          {!premium && (
            <StatCard
              label="Renew Date"
              icon={<IconCalendar size={20} />}
              loading={loading}
              value={data?.plan_data?.expiry_date ? formatDate(data.plan_data.expiry_date) : 'N/A'}
              action={
                data?.plan_data &&
                renewable(data.plan_data.status) && (
                  <RenewWithCheckout planId={data.plan_data.id} planName={data.plan_data.planName} />
                )
              }
            />
          )}
        </SimpleGrid>
        {data?.plan_data && <AutoRenewSwitch plan={data.plan_data} />}
        {loading && <Skeleton height={480} radius="md" />}
        {data?.have_plan && data.plan_data && (
          <>
            <SubusersCard product={product} planId={data.plan_data.id} />
            {product === 'PR_3' ? (
              <NormalGenerator withSubusers />
            ) : (
              <GeneratorForm product={product} cityAndIsp={premium} />
            )}
            <UsagePanel planId={data.plan_data.id} product={product} />
          </>
        )}
      </Stack>
      <IpModal
        title="Whitelist IP"
        opened={whitelisting}
        onClose={() => setWhitelisting(false)}
        pending={activate.isPending}
        error={activate.error?.message}
        submitLabel="Whitelist"
        onSubmit={(ip) => activate.mutate(ip, { onSuccess: () => setWhitelisting(false) })}
      />
    </>
  );
};

export const IspProductPage = () => <GbProductPage product="PR_2" />;
export const PremiumProductPage = () => <GbProductPage product="PR_6" />;
export const ResidentialProductPage = () => <GbProductPage product="PR_3" />;
