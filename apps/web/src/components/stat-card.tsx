import { InfoIcon, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/** Placeholder for a figure that has no data yet. */
export const NO_VALUE = '—';

/** One figure with its label, for summary rows. */
export function StatCard({
  title,
  value,
  hint,
  info,
  icon: Icon,
}: {
  title: string;
  value: string;
  hint?: string;
  /** What the figure means, in a tooltip on an info button beside the title (focusable: keyboard too). */
  info?: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2 px-4 py-4 sm:gap-3 sm:px-5 sm:py-5">
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-1">
          <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
          {info && (
            <Tooltip>
              <TooltipTrigger asChild>
                <button
                  type="button"
                  aria-label={`How ${title} is counted`}
                  className="-m-1 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <InfoIcon aria-hidden="true" className="size-3.5" />
                </button>
              </TooltipTrigger>
              <TooltipContent className="max-w-72">{info}</TooltipContent>
            </Tooltip>
          )}
        </div>
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
