import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  adminCatalogueEndpoints as endpoints,
  PRODUCT_CODES,
  PRODUCT_NAMES,
  type AdminPlan,
  type ProductCode,
} from '@proxydesk/contract';
import { useState } from 'react';
import { formatEuro } from '../../../lib/format';
import { TableHead } from '../card-table';
import type { SectionProps } from './catalogue-page';
import { useCatalogueEdit } from './catalogue-api';
import { PlanForm } from './plan-form';
import { ReasonModal } from './reason-modal';
import { RowCard, useRowEdits } from './row-menu';

/** Products whose plan price is per GB (packages/db/catalogue/plans.json). */
const PER_GB: readonly ProductCode[] = ['PR_1', 'PR_2', 'PR_6'];

/** 720 h reads "30 days"; hours that are not whole days stay hours. */
export const duration = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}` : `${hours} h`;

const price = (plan: AdminPlan) => `${formatEuro(plan.price)}${PER_GB.includes(plan.type) ? ' / GB' : ''}`;

/** Every plan, retired ones too (issue #17 §5): add, edit, retire, sell again. */
export const PlansSection = ({ catalogue, canEdit }: SectionProps) => {
  const [product, setProduct] = useState<string | null>(null);
  const { editing, setEditing, switching, setSwitching, menu } = useRowEdits<AdminPlan>(
    canEdit,
    (plan) => plan.name,
    { off: 'Retire', on: 'Sell again' },
  );
  const retire = useCatalogueEdit(endpoints.retirePlan);
  const sell = useCatalogueEdit(endpoints.editPlan);
  const switchCall = switching?.active ? retire : sell;
  const plans = catalogue.plans.filter((plan) => !product || plan.type === product);
  const status = (plan: AdminPlan) =>
    plan.active ? { label: 'On sale', color: 'teal' } : { label: 'Retired', color: 'gray' };

  const confirmSwitch = (reason: string) => {
    if (!switching) return;
    const done = { onSuccess: () => setSwitching(null) };
    if (switching.active) retire.mutate({ params: { id: switching.id }, body: { reason } }, done);
    else sell.mutate({ params: { id: switching.id }, body: { active: true, reason } }, done);
  };

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md">
        <Select
          label="Product"
          placeholder="All products"
          data={PRODUCT_CODES.map((code) => ({ value: code, label: PRODUCT_NAMES[code] }))}
          value={product}
          onChange={setProduct}
          clearable
          w={220}
        />
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New plan
          </Button>
        )}
      </Group>
      <Stack hiddenFrom="sm" gap="xs">
        {plans.map((plan) => (
          <RowCard
            key={plan.id}
            title={
              <Text size="sm" fw={500}>
                {plan.name}
              </Text>
            }
            details={[
              PRODUCT_NAMES[plan.type],
              price(plan),
              duration(plan.duration),
              plan.ip_amount && `${plan.ip_amount} IPs`,
              plan.data_gb !== null && `${plan.data_gb} GB`,
            ]
              .filter(Boolean)
              // A figure keeps its unit on its line.
              .map((part) => String(part).replaceAll(' ', '\u00a0'))
              .join(' · ')}
            status={status(plan)}
            actions={menu(plan)}
          />
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-plans">
          <TableHead
            labels={['Name', 'Product', 'Price', 'Duration', 'IPs', 'Data', 'Status']}
            right={['Price', 'IPs', 'Data']}
          >
            {canEdit && <Table.Th w={48} aria-label="Actions" />}
          </TableHead>
          <Table.Tbody>
            {plans.map((plan) => (
              <Table.Tr key={plan.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {plan.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {plan.slug}
                  </Text>
                </Table.Td>
                <Table.Td>{PRODUCT_NAMES[plan.type]}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {price(plan)}
                </Table.Td>
                <Table.Td>{duration(plan.duration)}</Table.Td>
                <Table.Td ta="right">{plan.ip_amount ?? '—'}</Table.Td>
                <Table.Td ta="right">{plan.data_gb === null ? '—' : `${plan.data_gb} GB`}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={status(plan).color}>
                    {status(plan).label}
                  </Badge>
                </Table.Td>
                {canEdit && <Table.Td>{menu(plan)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {plans.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          No plans of this product yet — add one with New plan.
        </Text>
      )}
      {editing && <PlanForm plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {switching && (
        <ReasonModal
          title={switching.active ? `Retire ${switching.name}?` : `Sell ${switching.name} again?`}
          confirm={switching.active ? 'Retire plan' : 'Sell again'}
          danger={switching.active}
          pending={switchCall.isPending}
          error={switchCall.error}
          onClose={() => setSwitching(null)}
          onConfirm={confirmSwitch}
        >
          <Text size="sm">
            {switching.active
              ? 'Customers can no longer buy it. Invoices and plans that bought it keep it, and its price.'
              : 'Customers can buy it again at its current price.'}
          </Text>
        </ReasonModal>
      )}
    </>
  );
};
