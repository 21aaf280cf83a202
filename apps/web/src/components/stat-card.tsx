import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** Placeholder for a figure that has no data yet. */
export const NO_VALUE = '—';

/** One figure with its label, for summary rows. */
export function StatCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2 px-4 py-4 sm:gap-3 sm:px-5 sm:py-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
          <Icon aria-hidden="true" className="size-4" />
        </span>
      </div>
      <p className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">
        {value === NO_VALUE ? (
          <>
            <span aria-hidden="true">{NO_VALUE}</span>
            <span className="sr-only">No data yet</span>
          </>
        ) : (
          value
        )}
      </p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
