import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { CUSTOM_PLAN, customPlanPrice, isValidCustomPlan } from '@proxydesk/contract';
import { useState } from 'react';
import { formatEuro } from '../../lib/format';

/** Days 1–30 and IPs 1–10, "Invalid Days" / "Invalid Ips", price live from the day table (SPEC.md §5, §9). */
export const CustomPlanCard = ({
  onBuy,
}: {
  onBuy: (choice: { days: number; ips: number; price: number }) => void;
}) => {
  const [days, setDays] = useState<number | string>(7);
  const [ips, setIps] = useState<number | string>(1);
  const errors = isValidCustomPlan(Number(days), Number(ips));
  const valid = !errors.days && !errors.ips && days !== '' && ips !== '';
  const price = valid ? customPlanPrice(Number(days), Number(ips)) : null;
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
        <Text fz={30} fw={700} lh={1} aria-live="polite">
          {price === null ? '—' : formatEuro(price)}
        </Text>
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
