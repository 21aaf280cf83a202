import { useId } from 'react';

/** The events an import or a calendar sync did not apply, each with why: a list that scrolls when long. */
export function SkippedEvents({
  skipped,
}: {
  skipped: ReadonlyArray<{ external_id: string; reason: string }>;
}) {
  const headingId = `${useId()}-skipped-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2" data-testid="skipped-events">
      <h3 id={headingId} className="text-sm font-semibold">
        Skipped events ({skipped.length.toLocaleString()})
      </h3>
      <ul
        aria-labelledby={headingId}
        className="max-h-48 divide-y overflow-y-auto rounded-lg border text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls must take the focus to be scrolled by keyboard.
        tabIndex={0}
      >
        {skipped.map((event) => (
          <li key={event.external_id} className="grid gap-0.5 px-3 py-2">
            <span className="font-mono text-xs break-all text-muted-foreground">{event.external_id}</span>
            <span className="min-w-0 break-words">{event.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
