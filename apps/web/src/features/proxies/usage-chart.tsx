import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { dayLabel } from './usage-rows';

/**
 * GB per day (issue #5) or per hour (issue #31): the bars are the rows of the usage table under it, and the
 * axis says its unit. `tick` writes a bar's label (a day's by default).
 */
export const UsageChart = ({
  days,
  label,
  tick = dayLabel,
}: {
  days: { date: string; gb: number }[];
  label: string;
  tick?: (date: string) => string;
}) => (
  <div role="img" aria-label={label}>
    <BarChart
      h={200}
      data={days.map((d) => ({ day: tick(d.date), GB: d.gb }))}
      dataKey="day"
      series={[{ name: 'GB', color: 'indigo.6' }]}
      tickLine="none"
      gridAxis="none"
      yAxisLabel="GB"
      yAxisProps={{ width: 56, tickFormatter: (value: number) => String(value) }}
      withTooltip
      valueFormatter={(value) => `${value.toFixed(2)} GB`}
    />
  </div>
);
