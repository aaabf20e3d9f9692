import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { TaxSums } from '../../components/tax-sums';
import { call } from '../../lib/api';
import { formatEuro } from '../../lib/format';
import type { Order } from '../../lib/order';
import { toastDone } from '../../lib/toast';
import { useBilling, usePaymentMethods } from './api/billing';
import { discounted, useCoupon } from './api/coupon';
import { useTaxQuote } from './api/tax-quote';
import { BillingModal } from './billing-modal';
import { PaymentMethodSelect } from './payment-method-select';

/**
 * Checkout (SPEC.md §4): payment method and optional promo code; with no billing details the billing
 * modal opens first and checkout goes on once they are saved (under a tax mode, back to checkout's new sums). Then the browser goes to the payment page,
 * or to the invoice when it was paid on the spot.
 */
export const CheckoutModal = ({ order, onClose }: { order: Order | null; onClose: () => void }) => {
  const navigate = useNavigate();
  const billing = useBilling();
  const methods = usePaymentMethods();
  const [method, setMethod] = useState<string | null>(null);
  const [coupon, setCoupon] = useState('');
  const [applied, setApplied] = useState('');
  const promo = useCoupon(applied);
  const [askBilling, setAskBilling] = useState(false);
  const promoted = applied && promo.data ? promo.data : null;
  const amount = order ? (promoted ? discounted(order.price, promoted) : order.price) : 0;
  const buyer = billing.data ? `${billing.data.country}|${billing.data.vat_number ?? ''}` : 'none';
  const tax = useTaxQuote(amount, buyer);
  // Under TAX_MODE=none the quote is the amount itself: the checkout stays as it was.
  const taxed = tax.data && (tax.data.vat > 0 || tax.data.tax_note !== null) ? tax.data : null;
  const [overlay, setOverlay] = useState<{ url: string; invoiceId: string } | null>(null);
  const create = useMutation({
    mutationFn: (paymentMethod: string) =>
      call(order!.endpoint, {
        body: { ...order!.body, payment_method: paymentMethod, coupon: coupon.trim() || null } as never,
      }),
    onSuccess: ({ detail, payload }, paymentMethod) => {
      // Paddle opens as an overlay on this page; the others are a page of their own (SPEC.md §4).
      if (payload.hosted_url && paymentMethod !== 'paddle') return window.location.assign(payload.hosted_url);
      // Staying in the app: the server's word on it (SPEC.md §4, §8), e.g. paid from the balance.
      if (detail) toastDone(detail);
      if (payload.hosted_url) setOverlay({ url: payload.hosted_url, invoiceId: payload.invoice_id });
      else void navigate(`/invoice/${payload.invoice_id}`);
    },
  });
  const options = (methods.data ?? [])
    .filter((m) => order?.balanceAllowed || m.code !== 'balance')
    .map((m) => ({ value: m.code, label: m.name }));
  const chosen = method ?? options[0]?.value ?? null;

  const pay = () => {
    if (!chosen) return;
    if (billing.data === null) return setAskBilling(true);
    create.mutate(chosen);
  };

  return (
    <>
      <Modal opened={order !== null && !askBilling && !overlay} onClose={onClose} title="Checkout" centered>
        {order && (
          <Stack gap="sm">
            <Group justify="space-between" align="baseline">
              <Text fw={600}>{order.title}</Text>
              <Text fw={700} size="lg">
                {formatEuro(order.price)}
              </Text>
            </Group>
            <FormAlert>
              {create.error?.message ??
                methods.error?.message ??
                billing.error?.message ??
                tax.error?.message}
            </FormAlert>
            <PaymentMethodSelect
              data={options}
              value={chosen}
              onChange={setMethod}
              loading={methods.isPending}
            />
            <TextInput
              label="Promo code"
              description="Optional"
              value={coupon}
              onChange={(e) => setCoupon(e.currentTarget.value)}
              onBlur={() => setApplied(coupon.trim())}
              onKeyDown={(e) => e.key === 'Enter' && setApplied(coupon.trim())}
              error={applied && promo.error ? promo.error.message : undefined}
              rightSectionWidth={72}
              rightSection={
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setApplied(coupon.trim())}
                  disabled={!coupon.trim()}
                >
                  Apply
                </Button>
              }
            />
            {promoted && (
              <Group justify="space-between" data-testid="discounted-total">
                <Text size="sm">
                  {promoted.code}:{' '}
                  {promoted.kind === 'percent'
                    ? `${promoted.value}% off`
                    : `${formatEuro(promoted.value)} off`}
                </Text>
                {!taxed && <Text fw={700}>Total {formatEuro(amount)}</Text>}
              </Group>
            )}
            {taxed && <TaxSums sums={taxed} testId="checkout-sums" />}
            <Button
              onClick={pay}
              loading={create.isPending || billing.isPending || tax.isPending}
              disabled={!chosen}
              fullWidth
              mt="xs"
            >
              Continue to payment
            </Button>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={overlay !== null}
        onClose={() => overlay && void navigate(`/invoice/${overlay.invoiceId}`)}
        title="Pay with Paddle"
        size="xl"
        centered
      >
        {overlay && (
          <Stack gap="xs">
            <iframe
              src={overlay.url}
              title="Paddle checkout"
              style={{ width: '100%', height: 'min(70vh, 640px)', border: 0, borderRadius: 8 }}
            />
            <Group justify="space-between">
              <Anchor href={overlay.url} target="_blank" rel="noreferrer" size="sm">
                Open the checkout in a new tab
              </Anchor>
              <Anchor component={Link} to={`/invoice/${overlay.invoiceId}`} size="sm">
                Done: see the invoice
              </Anchor>
            </Group>
          </Stack>
        )}
      </Modal>
      <BillingModal
        opened={askBilling}
        onClose={() => setAskBilling(false)}
        onSaved={() => {
          setAskBilling(false);
          // Under a tax mode the details just saved decide the VAT: checkout shows the new sums before Pay
          // (issue #30 item 4); without one, it goes on to payment (SPEC.md §4).
          if (chosen && !taxed) create.mutate(chosen);
        }}
      />
    </>
  );
};

/**
 * A button of another feature that makes an order (`onOrder`), with this checkout for that order: src/app joins
 * the two (Renew, Buy more GB), so neither feature imports the other.
 */
export const withCheckout = <P extends { onOrder: (order: Order) => void }>(Button: ComponentType<P>) => {
  const WithCheckout = (props: Omit<P, 'onOrder'>) => {
    const [order, setOrder] = useState<Order | null>(null);
    return (
      <>
        <Button {...({ ...props, onOrder: setOrder } as P)} />
        <CheckoutModal order={order} onClose={() => setOrder(null)} />
      </>
    );
  };
  return WithCheckout;
};
