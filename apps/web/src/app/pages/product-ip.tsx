import { Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { IpProduct } from '@proxydesk/contract';
import { IconCalendar, IconCheck, IconListCheck, IconPackage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { StatCard } from '../../components/stat-card';
import {
  useActivateIpPlan,
  usePool,
  useProductDashboard,
  useRenamePlan,
} from '../../features/proxies/api/proxies';
import { AddressReplacement } from '../../features/proxies/address-replacement';
import { ActivationBanner } from '../../features/proxies/ip-activation';
import { Whitelist } from '../../features/proxies/whitelist';
import { NoPlan } from '../../features/proxies/no-plan';
import { AutoRenewSwitch, PlanStateAlert, renewable } from '../../features/proxies/plan-lifecycle';
import { ProxiesOutput } from '../../features/proxies/proxies-output';
import { formatDate } from '../../lib/format';
import { RenewWithCheckout } from '../renew-with-checkout';

/** Under a plan's own name, what was bought (when the customer renamed it) and its status. */
const activePlanHint = (plan: { planName: string; status: string; invoice: { plan_name: string } }) =>
  plan.planName === plan.invoice.plan_name
    ? `Status: ${plan.status}`
    : `${plan.invoice.plan_name} · ${plan.status}`;

/** /product/datacenter and /product/ipv6 (SPEC.md §2): plan selector and name, activation, whitelist, proxies. */
const IpProductPage = ({ product }: { product: IpProduct }) => {
  const dashboard = useProductDashboard();
  const pool = usePool();
  const activate = useActivateIpPlan();
  const [selected, setSelected] = useState<string | null>(null);
  const title = product === 'PR_4' ? 'Datacenter' : 'IPv6';
  const data = dashboard.data?.[product];
  const plans = data?.plan_data ?? [];
  // Until the customer picks one, the first active plan (or the first) is shown.
  const plan = plans.find((p) => p.id === selected) ?? plans.find((p) => p.status === 'active') ?? plans[0];
  const waiting = plans.filter((p) => p.status === 'pending').map((p) => ({ id: p.id, name: p.planName }));

  if (dashboard.error) return <QueryError query={dashboard} />;
  const proxies = pool.data?.find((p) => p.type === product)?.proxies ?? [];

  return (
    <>
      <PageHeader title={title} description="Your addresses answer only the IPs you whitelist." />
      <Stack gap="md">
        {waiting.length > 0 && (
          <ActivationBanner
            what={title}
            plans={waiting}
            pending={activate.isPending}
            error={activate.error?.message}
            onActivate={(target, ip, done) =>
              activate.mutate(
                { ip, type: product, plan: target.id },
                {
                  onSuccess: () => {
                    // The page then shows the plan just started (issue #33 item 3).
                    if (target.id) setSelected(target.id);
                    done();
                  },
                },
              )
            }
          />
        )}
        {data && plans.length === 0 && <NoPlan what={title} product={product} />}
        {plans.length > 0 && (
          <PlanSelector
            plans={plans.map((p) => ({ value: p.id, label: `${p.planName} (${p.status})` }))}
            selected={plan?.id ?? null}
            onSelect={setSelected}
            name={plan?.planName ?? ''}
          />
        )}
        {plan && <PlanStateAlert status={plan.status} expiry={plan.expiry_date} />}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <StatCard
            label="Active Plan"
            icon={<IconPackage size={20} />}
            loading={dashboard.isPending}
            value={plan?.planName ?? 'N/A'}
            hint={plan && activePlanHint(plan)}
          />
          <StatCard
            label="IP Whitelisted"
            icon={<IconListCheck size={20} />}
            loading={dashboard.isPending}
            value={plan ? `${plan.activeIps} of ${plan.invoice.ipAmount ?? 0} allowed` : 'N/A'}
            hint={plan ? 'IPs that may use this plan’s addresses' : undefined}
          />
          <StatCard
            label="Renew Date"
            icon={<IconCalendar size={20} />}
            loading={dashboard.isPending}
            value={plan?.expiry_date ? formatDate(plan.expiry_date) : 'N/A'}
            action={
              plan &&
              renewable(plan.status) && <RenewWithCheckout planId={plan.id} planName={plan.planName} />
            }
          />
        </SimpleGrid>
        {plan && <AutoRenewSwitch plan={plan} />}
        {plan && plan.status === 'active' && <Whitelist product={product} planId={plan.id} />}
        {plan && plan.status === 'active' && <AddressReplacement planId={plan.id} />}
        {pool.isPending ? (
          <Skeleton height={120} />
        ) : (
          proxies.length > 0 && (
            <ProxiesOutput
              proxies={proxies}
              product={product}
              note="IP:PORT, authenticated by your whitelisted IPs"
            />
          )
        )}
      </Stack>
    </>
  );
};

/** Choose a plan and give it a name of your own; "Saved" shows for 2 seconds (SPEC.md §4). */
const PlanSelector = ({
  plans,
  selected,
  onSelect,
  name,
}: {
  plans: { value: string; label: string }[];
  selected: string | null;
  onSelect: (id: string) => void;
  name: string;
}) => {
  const rename = useRenamePlan();
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 2000);
    return () => clearTimeout(timer);
  }, [saved]);
  return (
    <Card withBorder padding="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Plan"
          data={plans}
          value={selected}
          onChange={(v) => v && onSelect(v)}
          allowDeselect={false}
          w={{ base: '100%', sm: 320 }}
        />
        {editing === null ? (
          <Button variant="default" onClick={() => setEditing(name)}>
            Set Plan Name
          </Button>
        ) : (
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Plan name"
              value={editing}
              onChange={(e) => setEditing(e.currentTarget.value)}
              maxLength={60}
            />
            <Button
              loading={rename.isPending}
              disabled={!editing.trim() || !selected}
              onClick={() =>
                selected &&
                rename.mutate(
                  { id: selected, planName: editing.trim() },
                  {
                    onSuccess: () => {
                      setEditing(null);
                      setSaved(true);
                    },
                  },
                )
              }
            >
              Save
            </Button>
            <Button variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </Group>
        )}
        {saved && (
          <Text size="sm" c="teal" role="status" pb={8}>
            <IconCheck size={14} style={{ verticalAlign: 'middle' }} /> Saved
          </Text>
        )}
      </Group>
    </Card>
  );
};

export const DatacenterProductPage = () => <IpProductPage product="PR_4" />;
export const Ipv6ProductPage = () => <IpProductPage product="PR_5" />;
