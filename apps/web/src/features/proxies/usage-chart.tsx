import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { dayLabel } from './usage-rows';

/**
 * GB per day (issue #5), the plan's period marked from the day it started (issue #19 item 7): the bars from that
 * line on are the rows of the usage table under it.
 */
export const UsageChart = ({ days, start }: { days: { date: string; gb: number }[]; start: string }) => {
  // The label on the side of the line with room for it.
  const at = days.findIndex((d) => d.date === start);
  const late = at > days.length / 2;
  const before = at > 0 ? days[at - 1] : undefined;
  return (
    <div role="img" aria-label={`Usage per day, GB; the plan's period starts on ${dayLabel(start)}`}>
      <BarChart
        h={200}
        data={days.map((d) => ({ day: dayLabel(d.date), GB: d.gb }))}
        dataKey="day"
        series={[{ name: 'GB', color: 'indigo.6' }]}
        tickLine="none"
        gridAxis="none"
        // The unit is in the subtitle: "0.045 GB" on the axis would wrap onto two lines.
        yAxisProps={{ width: 48, tickFormatter: (value: number) => String(value) }}
        // The days before the plan are none of its own: shaded, so an empty month does not read as unused.
        referenceAreas={
          days[0] && before
            ? [
                {
                  x1: dayLabel(days[0].date),
                  x2: dayLabel(before.date),
                  fill: 'var(--mantine-color-default-hover)',
                  fillOpacity: 0.6,
                  label: 'Before this plan',
                  labelPosition: 'center',
                },
              ]
            : []
        }
        referenceLines={[
          {
            x: dayLabel(start),
            color: 'orange.6',
            label: 'Plan start',
            labelPosition: late ? 'insideTopRight' : 'insideTopLeft',
            strokeDasharray: '4 4',
          },
        ]}
        withTooltip
        valueFormatter={(value) => `${value.toFixed(2)} GB`}
      />
    </div>
  );
};
