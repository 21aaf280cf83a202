import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type DailyCalls, dayLabel } from '@/features/dashboard/components/daily-calls';

export const SERIES = [
  { key: 'completed', name: 'Completed', color: 'var(--success)' },
  { key: 'failed', name: 'Failed', color: 'var(--destructive)' },
  { key: 'other', name: 'Other', color: 'oklch(0.78 0.03 265)' },
] as const;

/**
 * Calls per day, stacked by outcome (recharts, loaded with the chart's own chunk). Drawing only: the card
 * around it gives screen readers the same numbers as a table.
 */
export default function CallsChart({ daily }: { daily: DailyCalls }) {
  const data = daily.map((day) => ({ ...day, label: dayLabel(day.date) }));
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 600, height: 240 }}>
      <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={false}
          minTickGap={24}
          tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
        />
        <YAxis
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          width={40}
          tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
        />
        <Tooltip
          cursor={{ fill: 'var(--muted)' }}
          contentStyle={{
            borderRadius: 8,
            border: '1px solid var(--border)',
            background: 'var(--popover)',
            fontSize: 12,
          }}
        />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
        {SERIES.map((series, index) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.name}
            stackId="calls"
            fill={series.color}
            radius={index === SERIES.length - 1 ? [3, 3, 0, 0] : 0}
            maxBarSize={28}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
