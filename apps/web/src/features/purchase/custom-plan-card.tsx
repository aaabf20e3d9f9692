import { Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CUSTOM_PLAN, customPlanPrice, isValidCustomPlan, type CustomDayPrices } from '@proxydesk/contract';
import { useState } from 'react';
import { QueryError } from '../../components/query-error';
import { formatEuro } from '../../lib/format';
import { useCustomDayPrices } from './api/get-custom-day-prices';

type Count = 'days' | 'ips';

/** The plan's two counts, each a whole number in its range; an empty field says "Invalid …" (SPEC.md §5). */
const COUNTS: { key: Count; label: string; min: number; max: number; invalid: string }[] = [
  { key: 'days', label: 'Days', min: CUSTOM_PLAN.minDays, max: CUSTOM_PLAN.maxDays, invalid: 'Invalid Days' },
  { key: 'ips', label: 'IPs', min: CUSTOM_PLAN.minIps, max: CUSTOM_PLAN.maxIps, invalid: 'Invalid Ips' },
];

/**
 * Days 1–30 and IPs 1–10, "Invalid Days" / "Invalid Ips" (SPEC.md §5), the price live from the catalogue's
 * day table by the same rule the server charges with (SPEC.md §9, DESIGN.md §4).
 */
export const CustomPlanCard = ({
  product,
  onBuy,
}: {
  product: CustomDayPrices['type'];
  onBuy: (choice: { days: number; ips: number; price: number }) => void;
}) => {
  const dayPrices = useCustomDayPrices(product);
  const [counts, setCounts] = useState<Record<Count, number | string>>({ days: 7, ips: 1 });
  const { days, ips } = counts;
  const errors = isValidCustomPlan(Number(days), Number(ips));
  const valid = !errors.days && !errors.ips && days !== '' && ips !== '';
  const table = dayPrices.data ?? [];
  const onSale = table.length >= Number(days);
  const price = valid && onSale ? customPlanPrice(Number(days), Number(ips), table) : null;
  return (
    <Card withBorder padding="lg" data-testid="custom-plan-card">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Custom Plan
        </Title>
        <Text size="sm" c="dimmed">
          Choose exactly how many days and IPs you need.
        </Text>
        <Group grow align="flex-start">
          {COUNTS.map(({ key, label, min, max, invalid }) => (
            <NumberInput
              key={key}
              label={label}
              description={`${min} to ${max}`}
              min={min}
              max={max}
              value={counts[key]}
              onChange={(value) => setCounts((before) => ({ ...before, [key]: value }))}
              error={counts[key] === '' ? invalid : errors[key]}
              allowDecimal={false}
              clampBehavior="none"
            />
          ))}
        </Group>
        {dayPrices.error ? (
          <QueryError query={dayPrices} title="Could not load the prices" />
        ) : dayPrices.isPending ? (
          <Skeleton height={30} width="40%" />
        ) : (
          <Text fz={30} fw={700} lh={1} aria-live="polite" data-testid="custom-plan-price">
            {price === null ? '—' : formatEuro(price)}
          </Text>
        )}
        {!dayPrices.isPending && !dayPrices.error && valid && !onSale && (
          <Text size="sm" c="dimmed">
            Not on sale for {days} days right now.
          </Text>
        )}
        <Button
          fullWidth
          disabled={price === null}
          onClick={() => price !== null && onBuy({ days: Number(days), ips: Number(ips), price })}
        >
          Buy Now
        </Button>
      </Stack>
    </Card>
  );
};
