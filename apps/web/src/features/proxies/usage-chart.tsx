import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { dayLabel } from './usage-rows';

/**
 * GB per day (issue #5) from the day the plan started (issue #33 item 6): the bars are the rows of the usage table
 * under it, and the axis says its unit.
 */
export const UsageChart = ({ days, start }: { days: { date: string; gb: number }[]; start: string }) => (
  <div role="img" aria-label={`Usage per day, GB, since the plan started on ${dayLabel(start)}`}>
    <BarChart
      h={200}
      data={days.map((d) => ({ day: dayLabel(d.date), GB: d.gb }))}
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
