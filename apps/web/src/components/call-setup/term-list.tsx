import type { ReactNode } from 'react';

/**
 * Facts as term and value pairs: a campaign's summary and schedule, or (`compact`, with short terms) a call's
 * review.
 */
export function TermList({
  rows,
  compact = false,
  testId,
}: {
  rows: Array<[string, ReactNode]>;
  compact?: boolean;
  testId?: string;
}) {
  return (
    <dl className={compact ? 'grid gap-2 text-sm' : 'grid gap-2.5 text-sm'} data-testid={testId}>
      {rows.map(([term, value]) => (
        <div
          key={term}
          className={compact ? 'grid grid-cols-[4rem_1fr] gap-2' : 'grid grid-cols-[7rem_1fr] gap-3'}
        >
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
