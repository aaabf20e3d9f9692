import { Progress, Stack, Text } from '@mantine/core';
import type { Subuser } from '@proxydesk/contract';
import { formatBytes, PERIOD_WORDS } from './format';

/** Bytes used, against the limit and its period when there is one (a bar that turns yellow at 80 %, red at 100 %). */
export const LimitCell = ({ subuser }: { subuser: Subuser }) => {
  if (!subuser.limit)
    return (
      <Text size="sm">
        {formatBytes(subuser.used_bytes)}{' '}
        <Text span size="sm" c="dimmed">
          used · no limit
        </Text>
      </Text>
    );
  const limitBytes = subuser.limit.gb * 1024 ** 3;
  const share = Math.min(100, (subuser.limit_used_bytes / limitBytes) * 100);
  return (
    <Stack gap={4} miw={150}>
      <Text size="sm">
        {formatBytes(subuser.limit_used_bytes)}{' '}
        <Text span size="sm" c="dimmed">
          of {subuser.limit.gb.toLocaleString()} GB {PERIOD_WORDS[subuser.limit.period]}
        </Text>
      </Text>
      <Progress
        value={share}
        size="sm"
        color={share >= 100 ? 'red' : share >= 80 ? 'yellow' : 'blue'}
        aria-label={`${Math.round(share)} % of the limit used`}
      />
    </Stack>
  );
};

/** `Any`, or the first three country codes and how many more. */
export const countriesText = (codes: string[]) => {
  if (codes.length === 0) return 'Any';
  const shown = codes
    .slice(0, 3)
    .map((c) => c.toUpperCase())
    .join(', ');
  return codes.length > 3 ? `${shown} +${codes.length - 3}` : shown;
};
