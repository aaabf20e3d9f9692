import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { invoiceEndpoints } from '@proxydesk/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { call } from '../../lib/api';
import { formatEuro } from '../../lib/format';
import { useBilling, usePaymentMethods } from './api/billing';
import { BillingModal } from './billing-modal';

type CreateEndpoint = (typeof invoiceEndpoints)[Exclude<keyof typeof invoiceEndpoints, 'list' | 'read'>];

/** What is being bought: the call that makes its invoice and what it costs before any promo code. */
export interface Order {
  title: string;
  price: number;
  endpoint: CreateEndpoint;
  body: Record<string, unknown>;
  /** Whether the customer may pay from a balance (resellers). */
  balanceAllowed: boolean;
}

/**
 * Checkout (SPEC.md §4): payment method and optional promo code; with no billing details the billing
 * modal opens first and checkout goes on once they are saved. Then the browser goes to the payment page,
 * or to the invoice when it was paid on the spot.
 */
export const CheckoutModal = ({ order, onClose }: { order: Order | null; onClose: () => void }) => {
  const navigate = useNavigate();
  const billing = useBilling();
  const methods = usePaymentMethods();
  const [method, setMethod] = useState<string | null>(null);
  const [coupon, setCoupon] = useState('');
  const [askBilling, setAskBilling] = useState(false);
  const create = useMutation({
    mutationFn: (paymentMethod: string) =>
      call(order!.endpoint, { body: { ...order!.body, payment_method: paymentMethod, coupon: coupon.trim() || null } as never }),
    onSuccess: ({ payload }) => {
      if (payload.hosted_url) window.location.assign(payload.hosted_url);
      else void navigate(`/invoice/${payload.invoice_id}`);
    },
  });
  const options = (methods.data ?? []).filter((m) => order?.balanceAllowed || m.code !== 'balance').map((m) => ({ value: m.code, label: m.name }));
  const chosen = method ?? options[0]?.value ?? null;

  const pay = () => {
    if (!chosen) return;
    if (billing.data === null) return setAskBilling(true);
    create.mutate(chosen);
  };

  return (
    <>
      <Modal opened={order !== null && !askBilling} onClose={onClose} title="Checkout" centered>
        {order && (
          <Stack gap="sm">
            <Group justify="space-between" align="baseline">
              <Text fw={600}>{order.title}</Text>
              <Text fw={700} size="lg">
                {formatEuro(order.price)}
              </Text>
            </Group>
            <FormAlert>{create.error?.message ?? methods.error?.message ?? billing.error?.message}</FormAlert>
            <Select label="Payment method" data={options} value={chosen} onChange={setMethod} allowDeselect={false} required />
            <TextInput label="Promo code" description="Optional: the discount shows on the invoice." value={coupon} onChange={(e) => setCoupon(e.currentTarget.value)} />
            <Button onClick={pay} loading={create.isPending || billing.isPending} disabled={!chosen} fullWidth mt="xs">
              Continue to payment
            </Button>
          </Stack>
        )}
      </Modal>
      <BillingModal
        opened={askBilling}
        onClose={() => setAskBilling(false)}
        onSaved={() => {
          setAskBilling(false);
          if (chosen) create.mutate(chosen);
        }}
      />
    </>
  );
};
