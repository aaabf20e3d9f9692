import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { adminCatalogueEndpoints as endpoints, replacementQuota } from '@proxydesk/contract';
import { useState } from 'react';
import type { SectionProps } from './catalogue-page';
import { useCatalogueEdit } from './catalogue-api';
import { ReasonModal } from './reason-modal';

/**
 * The share of a datacenter or IPv6 plan's addresses its customer may replace each month (issue #32 item 4):
 * at least one whatever the share; each change asks its reason and is audited.
 */
export const ReplacementsSection = ({ catalogue, canEdit }: SectionProps) => {
  const current = catalogue.replacement_percent;
  const [percent, setPercent] = useState<number>(current);
  const [asking, setAsking] = useState(false);
  const save = useCatalogueEdit(endpoints.setReplacementQuota);
  const valid = Number.isInteger(percent) && percent >= 1 && percent <= 100;
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Address replacements
        </Title>
        <Text size="sm">
          Customers swap blocked or slow datacenter and IPv6 addresses for free ones of the same pool, up to
          this share of a plan&apos;s addresses each calendar month (at least 1). Replaced addresses rest 24
          hours before anyone gets them again.
        </Text>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Share per month"
            suffix=" %"
            min={1}
            max={100}
            step={1}
            allowDecimal={false}
            value={percent}
            onChange={(value) => setPercent(typeof value === 'number' ? value : Number(value))}
            error={valid ? undefined : 'A whole number from 1 to 100'}
            disabled={!canEdit}
            w={180}
          />
          {canEdit && (
            <Button disabled={!valid || percent === current} onClick={() => setAsking(true)}>
              Save
            </Button>
          )}
        </Group>
        {valid && (
          <Text size="sm" c="dimmed" data-testid="replacement-examples">
            A 10-address plan may replace {replacementQuota(10, percent)}, a 100-address plan{' '}
            {replacementQuota(100, percent)} each month.
          </Text>
        )}
      </Stack>
      {asking && (
        <ReasonModal
          title={`Allow ${percent} % a month?`}
          confirm="Save"
          pending={save.isPending}
          error={save.error}
          onClose={() => setAsking(false)}
          onConfirm={(reason) =>
            save.mutate({ body: { percent, reason } }, { onSuccess: () => setAsking(false) })
          }
        >
          <Text size="sm">
            From now on, each plan&apos;s quota this month is {percent} % of its addresses (at least 1),
            counting what its customer already replaced.
          </Text>
        </ReasonModal>
      )}
    </Card>
  );
};
