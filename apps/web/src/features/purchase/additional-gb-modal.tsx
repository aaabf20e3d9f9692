import { Button, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { buyAdditionalBodySchema, GB_SLIDER, perGbPlanTotal, type Plan } from '@proxydesk/contract';
import { useState } from 'react';
import { formatEuro } from '../../lib/format';

const PRODUCTS = [
  { value: 'PR_3', label: 'Normal residential' },
  { value: 'PR_2', label: 'ISP' },
  { value: 'PR_6', label: 'Premium Residential' },
];

/** Buy Additional GB (SPEC.md §2 Pricing): how many GB, for which product's current plan; then the checkout. */
export const AdditionalGbModal = ({
  opened,
  product: preset = 'PR_3',
  extraPlan,
  onClose,
  onContinue,
}: {
  opened: boolean;
  /** The product chosen when it opens (a plan's own Buy more GB). */
  product?: string;
  extraPlan: Plan | undefined;
  onClose: () => void;
  onContinue: (amount: number, productType: string, price: number) => void;
}) => {
  const [amount, setAmount] = useState<number | string>(10);
  const [product, setProduct] = useState<string | null>(preset);
  // The server's rule for the amount, with its message.
  const check = buyAdditionalBodySchema.shape.amount.safeParse(Number(amount));
  const valid = amount !== '' && check.success;
  const error = amount === '' ? 'Amount is required' : check.error?.issues[0]?.message;
  const price = extraPlan && valid ? perGbPlanTotal(extraPlan.price, Number(amount)) : null;
  return (
    <Modal opened={opened} onClose={onClose} title="Buy Additional GB" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The GB are added to your current plan of that product.
        </Text>
        <Select
          label="For"
          data={PRODUCTS}
          value={product}
          onChange={setProduct}
          allowDeselect={false}
          required
        />
        <NumberInput
          label="Amount (GB)"
          min={1}
          max={GB_SLIDER.max}
          value={amount}
          onChange={setAmount}
          allowDecimal={false}
          required
          error={error}
        />
        <Text fw={700}>{price === null ? '—' : formatEuro(price)}</Text>
        <Button
          disabled={price === null || !product}
          onClick={() => price !== null && product && onContinue(Number(amount), product, price)}
        >
          Continue
        </Button>
      </Stack>
    </Modal>
  );
};
