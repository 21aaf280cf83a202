import type { ReactNode } from 'react';

/** What an import did, as a row of counts; the one labelled "Problems" turns red when there are any. */
export function ImportCounts({
  items,
}: {
  items: ReadonlyArray<{ label: string; value: number; hint: string }>;
}) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-counts">
      {items.map((item) => (
        <div
          key={item.label}
          className="grid gap-0.5 rounded-lg border bg-muted/30 px-3 py-2.5"
          title={item.hint}
          data-testid={`import-${item.label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          <dt className="text-xs font-medium text-muted-foreground">{item.label}</dt>
          <dd
            className={
              item.label === 'Problems' && item.value > 0
                ? 'text-xl font-semibold text-destructive tabular-nums'
                : 'text-xl font-semibold tabular-nums'
            }
          >
            {item.value.toLocaleString()}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The rows an import could not take, by line, with an action (e.g. a download) beside the heading. */
export function ImportProblemList({
  problems,
  action,
  children,
}: {
  problems: ReadonlyArray<{ line: number; reason: string }>;
  action?: ReactNode;
  /** Shown under the list (e.g. that only the first ones are listed). */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="import-problems-heading" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="import-problems-heading" className="text-sm font-semibold">
          Problem rows
        </h3>
        {action}
      </div>
      <ol
        className="max-h-48 divide-y overflow-y-auto rounded-lg border text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label="Problem rows"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls must take the focus to be scrolled by keyboard.
        tabIndex={0}
      >
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.reason}`} className="flex gap-3 px-3 py-2">
            <span className="shrink-0 text-muted-foreground tabular-nums">Line {problem.line}</span>
            <span className="min-w-0 break-words">{problem.reason}</span>
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}
