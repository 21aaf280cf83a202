import { SUCCESS_RATE_DEFINITION } from '@callwise/shared/calls';
import { formatCost, formatDuration } from '@callwise/shared/format';
import type { CallSummary } from '@callwise/shared/schemas/calls';
import {
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  DollarSignIcon,
  PhoneIcon,
  TrendingUpIcon,
} from 'lucide-react';
import { NO_VALUE, StatCard } from '@/components/stat-card';

const integer = new Intl.NumberFormat();

/** The six totals above the table, for the calls the current filter selects. */
export function CallSummaryCards({
  summary,
  loading,
}: {
  summary: CallSummary | undefined;
  loading: boolean;
}) {
  const value = (format: (s: CallSummary) => string) => (summary ? format(summary) : NO_VALUE);
  const cards: Array<{ title: string; icon: typeof PhoneIcon; value: string; info?: string }> = [
    { title: 'Total Calls', icon: PhoneIcon, value: value((s) => integer.format(s.total)) },
    { title: 'Completed', icon: CircleCheckIcon, value: value((s) => integer.format(s.completed)) },
    { title: 'Failed', icon: CircleXIcon, value: value((s) => integer.format(s.failed)) },
    {
      title: 'Success Rate',
      icon: TrendingUpIcon,
      value: value((s) => `${s.success_rate}%`),
      info: SUCCESS_RATE_DEFINITION,
    },
    { title: 'Avg Duration', icon: ClockIcon, value: value((s) => formatDuration(s.average_duration)) },
    { title: 'Total Cost', icon: DollarSignIcon, value: value((s) => formatCost(s.total_cost)) },
  ];
  return (
    <section
      aria-labelledby="call-summary-heading"
      aria-busy={loading}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-6"
      data-testid="call-summary"
    >
      {/* The cards' titles are h3s under the page's h1: this names their level in between (and the region). */}
      <h2 id="call-summary-heading" className="sr-only">
        Call summary
      </h2>
      {cards.map((card) => (
        <StatCard key={card.title} title={card.title} value={card.value} icon={card.icon} info={card.info} />
      ))}
    </section>
  );
}
