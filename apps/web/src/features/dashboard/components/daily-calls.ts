import type { Dashboard } from '@callwise/shared/schemas/dashboard';

export type DailyCalls = Dashboard['daily'];

/** The days are UTC dates ("2025-11-21"); they are labelled as such, not shifted into the local zone. */
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

export const dayTotal = (day: DailyCalls[number]) => day.completed + day.failed + day.other;

/** One sentence for screen readers and the chart's accessible name. */
export function describeDaily(daily: DailyCalls): string {
  const totals = daily.reduce(
    (sum, day) => ({
      completed: sum.completed + day.completed,
      failed: sum.failed + day.failed,
      other: sum.other + day.other,
    }),
    { completed: 0, failed: 0, other: 0 },
  );
  const all = totals.completed + totals.failed + totals.other;
  if (all === 0) return `No calls in the last ${daily.length} days.`;
  const busiest = daily.reduce((best, day) => (dayTotal(day) > dayTotal(best) ? day : best));
  return (
    `${all} ${all === 1 ? 'call' : 'calls'} in the last ${daily.length} days: ${totals.completed} completed, ` +
    `${totals.failed} failed, ${totals.other} other. Busiest day: ${dayLabel(busiest.date)} with ${dayTotal(busiest)}.`
  );
}
