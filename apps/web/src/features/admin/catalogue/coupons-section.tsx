import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { adminCatalogueEndpoints as endpoints, PRODUCT_NAMES, type AdminCoupon } from '@proxydesk/contract';
import { useState } from 'react';
import { formatDate, formatEuro } from '../../../lib/format';
import { TableHead } from '../card-table';
import type { SectionProps } from './catalogue-page';
import { useCatalogueEdit } from './catalogue-api';
import { CouponForm } from './coupon-form';
import { ReasonModal } from './reason-modal';
import { RowCard, useRowEdits } from './row-menu';

const discount = (c: AdminCoupon) =>
  c.kind === 'percent' ? `${c.value}% off` : `${formatEuro(c.value)} off`;

const validity = (c: AdminCoupon) => {
  if (!c.valid_from && !c.valid_until) return 'Always';
  if (!c.valid_until) return `From ${formatDate(c.valid_from!)}`;
  if (!c.valid_from) return `Until ${formatDate(c.valid_until)}`;
  return `${formatDate(c.valid_from)} – ${formatDate(c.valid_until)}`;
};

/** Whether a coupon works today: off, not yet, ended, used up, or live. */
const state = (c: AdminCoupon, now: number): { label: string; color: string } => {
  if (!c.active) return { label: 'Disabled', color: 'gray' };
  if (c.valid_from && Date.parse(c.valid_from) > now) return { label: 'Scheduled', color: 'blue' };
  if (c.valid_until && Date.parse(c.valid_until) < now) return { label: 'Ended', color: 'gray' };
  if (c.max_uses !== null && c.uses >= c.max_uses) return { label: 'Used up', color: 'yellow' };
  return { label: 'Live', color: 'teal' };
};

/** Promo codes (issue #17 §5): terms, uses and the revenue they brought; create, edit, disable. */
export const CouponsSection = ({ catalogue, canEdit }: SectionProps) => {
  const { editing, setEditing, switching, setSwitching, menu } = useRowEdits<AdminCoupon>(
    canEdit,
    (coupon) => coupon.code,
    { off: 'Disable', on: 'Enable' },
  );
  const toggle = useCatalogueEdit(endpoints.editCoupon);
  // The time the catalogue was read: a coupon's state as of that answer.
  const [now] = useState(() => Date.now());
  const uses = (coupon: AdminCoupon) =>
    `${coupon.uses}${coupon.max_uses === null ? '' : ` / ${coupon.max_uses}`}`;
  const products = (coupon: AdminCoupon) =>
    coupon.products ? coupon.products.map((p) => PRODUCT_NAMES[p]).join(', ') : 'All products';
  return (
    <>
      {canEdit && (
        <Group justify="flex-end" mb="md">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New coupon
          </Button>
        </Group>
      )}
      <Stack hiddenFrom="sm" gap="xs">
        {catalogue.coupons.map((coupon) => (
          <RowCard
            key={coupon.id}
            title={
              <Text size="sm" fw={600} ff="monospace">
                {coupon.code}
              </Text>
            }
            details={`${discount(coupon)} · ${products(coupon)} · ${validity(coupon)} · ${uses(coupon)} ${coupon.uses === 1 && coupon.max_uses === null ? 'use' : 'uses'} · ${formatEuro(coupon.revenue)}`}
            status={state(coupon, now)}
            actions={menu(coupon)}
          />
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-coupons">
          <TableHead
            labels={['Code', 'Discount', 'Products', 'Valid', 'Uses', 'Revenue', 'Status']}
            right={['Uses', 'Revenue']}
          >
            {canEdit && <Table.Th w={48} aria-label="Actions" />}
          </TableHead>
          <Table.Tbody>
            {catalogue.coupons.map((coupon) => {
              const { label, color } = state(coupon, now);
              return (
                <Table.Tr key={coupon.id}>
                  <Table.Td>
                    <Text size="sm" fw={600} ff="monospace">
                      {coupon.code}
                    </Text>
                    {coupon.once_per_customer && (
                      <Text size="xs" c="dimmed">
                        once per customer
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{discount(coupon)}</Table.Td>
                  <Table.Td>{products(coupon)}</Table.Td>
                  <Table.Td>{validity(coupon)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {uses(coupon)}
                  </Table.Td>
                  <Table.Td ta="right">{formatEuro(coupon.revenue)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={color}>
                      {label}
                    </Badge>
                  </Table.Td>
                  {canEdit && <Table.Td>{menu(coupon)}</Table.Td>}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {catalogue.coupons.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          No coupons yet — create one with New coupon.
        </Text>
      )}
      {editing && <CouponForm coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {switching && (
        <ReasonModal
          title={switching.active ? `Disable ${switching.code}?` : `Enable ${switching.code}?`}
          confirm={switching.active ? 'Disable coupon' : 'Enable coupon'}
          danger={switching.active}
          pending={toggle.isPending}
          error={toggle.error}
          onClose={() => setSwitching(null)}
          onConfirm={(reason) =>
            toggle.mutate(
              { params: { id: switching.id }, body: { active: !switching.active, reason } },
              { onSuccess: () => setSwitching(null) },
            )
          }
        >
          <Text size="sm">
            {switching.active
              ? 'Checkouts refuse it from now on. Invoices that used it keep their discount.'
              : 'Customers can use it again within its dates and uses.'}
          </Text>
        </ReasonModal>
      )}
    </>
  );
};
