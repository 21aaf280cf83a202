import type { CallView } from '@callwise/shared/calls';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const integer = new Intl.NumberFormat();

/**
 * Every call, or the Needs attention view (calls to follow up until marked handled), with how many need
 * attention. Two toggle buttons: the one pressed is the view shown.
 */
export function CallViews({
  view,
  onViewChange,
  needsAttention,
}: {
  view: CallView;
  onViewChange: (view: CallView) => void;
  /** How many calls need attention, once known. */
  needsAttention: number | undefined;
}) {
  const views: Array<{ value: CallView; label: string; count?: number }> = [
    { value: 'all', label: 'All calls' },
    { value: 'needs_attention', label: 'Needs attention', count: needsAttention },
  ];
  return (
    <fieldset className="inline-flex w-full min-w-0 rounded-lg border bg-muted p-1 sm:w-auto">
      <legend className="sr-only">Which calls</legend>
      {views.map((item) => {
        const pressed = view === item.value;
        return (
          <button
            key={item.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onViewChange(item.value)}
            className={cn(
              'inline-flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              pressed
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {item.label}
            {item.count !== undefined && item.count > 0 && (
              <Badge
                variant="neutral"
                className="min-w-5 justify-center bg-destructive-soft px-1.5 text-destructive-soft-foreground tabular-nums"
                data-testid="needs-attention-count"
              >
                {integer.format(item.count)}
                <span className="sr-only"> {item.count === 1 ? 'call' : 'calls'}</span>
              </Badge>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
