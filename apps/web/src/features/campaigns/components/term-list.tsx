import type { ReactNode } from 'react';

/** A campaign's facts as term and value pairs (the summary before confirming, the schedule after). */
export function TermList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-2.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-[7rem_1fr] gap-3">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
