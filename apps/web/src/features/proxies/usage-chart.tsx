import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';

/** A usage day (`YYYY-MM-DD`, UTC) as the browser's locale writes a short date: "Nov 23", "23 nov.". */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The last 30 days of traffic through the gateway (issue #5), GB per day. */
export const UsageChart = ({ days }: { days: { date: string; gb: number }[] }) => (
  <Card withBorder padding="lg">
    <Title order={3} size="h4" mb={4}>
      Usage, last 30 days
    </Title>
    <Text size="sm" c="dimmed" mb="md">
      {days.some((d) => d.gb > 0)
        ? 'GB per day, both directions.'
        : 'No traffic in the last 30 days yet: it shows here as you use your proxies.'}
    </Text>
    <div role="img" aria-label="Usage per day over the last 30 days">
      <BarChart
        h={200}
        data={days.map((d) => ({ day: dayLabel(d.date), GB: d.gb }))}
        dataKey="day"
        series={[{ name: 'GB', color: 'indigo.6' }]}
        tickLine="none"
        gridAxis="none"
        // The unit is in the subtitle: "0.045 GB" on the axis would wrap onto two lines.
        yAxisProps={{ width: 48, tickFormatter: (value: number) => String(value) }}
        withTooltip
        valueFormatter={(value) => `${value.toFixed(2)} GB`}
      />
    </div>
  </Card>
);
