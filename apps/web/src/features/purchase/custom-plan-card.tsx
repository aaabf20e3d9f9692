import { Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CUSTOM_PLAN, customPlanPrice, isValidCustomPlan, type CustomDayPrices } from '@proxydesk/contract';
import { useState } from 'react';
import { QueryError } from '../../components/query-error';
import { formatEuro } from '../../lib/format';
import { useCustomDayPrices } from './api/get-custom-day-prices';

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
  const [days, setDays] = useState<number | string>(7);
  const [ips, setIps] = useState<number | string>(1);
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
          <NumberInput
            label="Days"
            description={`${CUSTOM_PLAN.minDays} to ${CUSTOM_PLAN.maxDays}`}
            min={CUSTOM_PLAN.minDays}
            max={CUSTOM_PLAN.maxDays}
            value={days}
            onChange={setDays}
            error={days === '' ? 'Invalid Days' : errors.days}
            allowDecimal={false}
            clampBehavior="none"
          />
          <NumberInput
            label="IPs"
            description={`${CUSTOM_PLAN.minIps} to ${CUSTOM_PLAN.maxIps}`}
            min={CUSTOM_PLAN.minIps}
            max={CUSTOM_PLAN.maxIps}
            value={ips}
            onChange={setIps}
            error={ips === '' ? 'Invalid Ips' : errors.ips}
            allowDecimal={false}
            clampBehavior="none"
          />
        </Group>
        {dayPrices.error ? (
          <QueryError
            error={dayPrices.error}
            onRetry={() => void dayPrices.refetch()}
            title="Could not load the prices"
          />
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
