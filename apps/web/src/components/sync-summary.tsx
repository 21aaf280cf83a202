import type { CalendarSyncSummary } from '@callwise/shared/schemas/calendar-connections';
import { ImportCounts } from '@/components/csv-import-results';
import { SkippedEvents } from '@/components/skipped-events';

/** "2 created, 1 updated, 0 cancelled, 3 unchanged, 1 skipped" */
export function syncSummaryText(sync: CalendarSyncSummary): string {
  return [
    `${sync.created.toLocaleString()} created`,
    `${sync.updated.toLocaleString()} updated`,
    `${sync.cancelled.toLocaleString()} cancelled`,
    `${sync.unchanged.toLocaleString()} unchanged`,
    `${sync.skipped.length.toLocaleString()} skipped`,
  ].join(', ');
}

/** What a calendar sync or an .ics import did: the counts, and the events it skipped with why. */
export function SyncSummary({ sync }: { sync: CalendarSyncSummary }) {
  return (
    <div className="grid gap-4">
      <ImportCounts
        items={[
          { label: 'Created', value: sync.created, hint: 'Appointments created from new events' },
          { label: 'Updated', value: sync.updated, hint: 'Appointments moved or corrected' },
          { label: 'Cancelled', value: sync.cancelled, hint: 'Appointments cancelled in the calendar' },
          { label: 'Unchanged', value: sync.unchanged, hint: 'Events already as they are here' },
        ]}
      />
      {sync.skipped.length > 0 && <SkippedEvents skipped={sync.skipped} />}
    </div>
  );
}
