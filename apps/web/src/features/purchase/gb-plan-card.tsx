import { Button, Card, Slider, Stack, Text, Title, Group } from '@mantine/core';
import { durationLabel, gbSliderBounds, gbSliderPrice, type Plan } from '@proxydesk/contract';
import { useState } from 'react';
import { formatEuro } from '../../lib/format';
import { featureLines } from './plan-figures';

/**
 * What sets a plan apart from its neighbours (issue #33 item 7): the Starter Day and the Day both start at 50 GB
 * for a day, at €15 and €25; the Starter stays at its 50 GB, the Day takes more on its slider.
 */
export const gbPlanNote = (
  bounds: { min: number; max: number; step: number; fixed: boolean },
  addPrice: number | null,
) =>
  bounds.fixed || addPrice === null
    ? `${bounds.min} GB fixed, no more can be added: the cheapest way to try.`
    : `${bounds.min} to ${bounds.max.toLocaleString()} GB: ${formatEuro(addPrice)} for each ${bounds.step} GB more.`;

/** A normal (PR_3) plan with its GB slider: step 50 up to 2,000 from the plan's minimum; fixed plans hide it (SPEC.md §5, §9). */
export const GbPlanCard = ({
  plan,
  wide = false,
  onBuy,
}: {
  plan: Plan;
  wide?: boolean;
  onBuy: (plan: Plan, gb: number, price: number) => void;
}) => {
  const slider = { price: plan.price, data: plan.data ?? 50, add_gb_price: plan.add_gb_price };
  const bounds = gbSliderBounds(slider);
  const [gb, setGb] = useState(bounds.min);
  const price = gbSliderPrice(slider, gb);
  return (
    <Card withBorder padding="lg" data-testid="plan-card" style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {plan.name}
        </Title>
        <Group gap={6} align="baseline">
          <Text fz={30} fw={700} lh={1}>
            {formatEuro(price)}
          </Text>
          <Text c="dimmed" size="sm">
            / {durationLabel(plan.duration)}
          </Text>
        </Group>
        <Text size="sm" fw={500}>
          {gb} GB
        </Text>
        <Text size="sm" c="dimmed" data-testid="plan-note">
          {gbPlanNote(bounds, plan.add_gb_price)}
        </Text>
        {!bounds.fixed && (
          <Slider
            min={bounds.min}
            max={bounds.max}
            step={bounds.step}
            value={gb}
            onChange={setGb}
            label={(value) => `${value} GB`}
            aria-label={`GB for ${plan.name}`}
            thumbLabel={`GB for ${plan.name}`}
            mb="xs"
          />
        )}
        <Text size="sm" c="dimmed">
          {featureLines(plan.type).join(' · ')}
        </Text>
        <Button
          fullWidth={!wide}
          w={wide ? { base: '100%', sm: 280 } : undefined}
          onClick={() => onBuy(plan, gb, price)}
        >
          Buy Now
        </Button>
      </Stack>
    </Card>
  );
};
