import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_RETENTION_DAYS,
  type AuditAction,
} from '@callwise/shared/schemas/audit-log';
import { DownloadIcon, HistoryIcon, SearchXIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { InlineLoadError } from '@/components/inline-load-error';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useExportAuditLog } from '@/features/settings/api/export-audit-log';
import { useAuditLog } from '@/features/settings/api/get-audit-log';
import { AuditLogList, AuditLogSkeleton } from '@/features/settings/components/audit-log-list';
import { errorMessage } from '@/lib/errors';

/** The id of the section, for the card on /settings/audit-log. */
export const AUDIT_LOG_SECTION_ID = 'audit-log';

/** The select's value for "no filter" (a select item may not have an empty value). */
const ALL = 'all';

/** How long events are kept, in words: "one year" (365 days), and the period it covers, "the past year". */
const yearly = AUDIT_RETENTION_DAYS === 365;
const retention = yearly ? 'one year' : `${AUDIT_RETENTION_DAYS} days`;
const keptPeriod = yearly ? 'the past year' : `the past ${AUDIT_RETENTION_DAYS} days`;

function EventFilter({
  action,
  onChange,
}: {
  action: AuditAction | null;
  onChange: (action: AuditAction | null) => void;
}) {
  return (
    <div className="grid gap-2 sm:w-64">
      <Label htmlFor="audit-log-filter">Filter by event</Label>
      <Select
        value={action ?? ALL}
        onValueChange={(value) => onChange(value === ALL ? null : (value as AuditAction))}
      >
        <SelectTrigger id="audit-log-filter" className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All events</SelectItem>
          {AUDIT_ACTIONS.map((value) => (
            <SelectItem key={value} value={value}>
              {AUDIT_ACTION_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The events (of the chosen kind) with their loading, error, empty and "Load more" states. */
function AuditLogEvents({ action }: { action: AuditAction | null }) {
  const log = useAuditLog(action);

  if (log.isPending) return <AuditLogSkeleton />;
  if (log.isError && !log.data) {
    return (
      <InlineLoadError
        message={<>The audit log could not be loaded. {errorMessage(log.error)}</>}
        retrying={log.isFetching}
        onRetry={() => void log.refetch()}
      />
    );
  }

  const events = log.data.pages.flatMap((page) => page.data);
  if (events.length === 0) {
    return action ? (
      <EmptyState
        icon={SearchXIcon}
        headingLevel="h3"
        title="No events of this kind"
        description={`No “${AUDIT_ACTION_LABELS[action]}” events in ${keptPeriod}.`}
        className="py-10"
      />
    ) : (
      <EmptyState
        icon={HistoryIcon}
        headingLevel="h3"
        title="No events yet"
        description="Sign-ins, password and two-factor changes, API keys, plan and rule changes, deletions and exports will appear here."
        className="py-10"
      />
    );
  }

  return (
    <div className="grid gap-4">
      <AuditLogList events={events} />
      <LoadMore
        hasMore={log.hasNextPage}
        loading={log.isFetchingNextPage}
        onLoadMore={() => void log.fetchNextPage()}
        shown={events.length}
        noun={{ one: 'event', other: 'events' }}
      />
    </div>
  );
}

/**
 * Settings → Audit log: who did what in the account (sign-ins, security changes, API keys, plan and rules,
 * deletions, exports), newest first, filtered by kind, and the same as CSV. Events are kept for a year.
 */
export function AuditLogCard() {
  const [action, setAction] = useState<AuditAction | null>(null);
  const exporter = useExportAuditLog();

  return (
    <Card id={AUDIT_LOG_SECTION_ID} className="scroll-mt-20" aria-labelledby="audit-log-heading">
      <CardHeader>
        <CardTitle as="h2" id="audit-log-heading" className="flex items-center gap-2">
          <HistoryIcon aria-hidden="true" className="size-4 text-primary" />
          Audit log
        </CardTitle>
        <CardDescription>Who did what in your account, kept for {retention}.</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <EventFilter action={action} onChange={setAction} />
          <Button
            variant="outline"
            onClick={() => exporter.mutate(action)}
            disabled={exporter.isPending}
            aria-describedby="audit-log-export-hint"
          >
            <DownloadIcon aria-hidden="true" />
            {exporter.isPending ? 'Downloading...' : 'Download CSV'}
          </Button>
          <span id="audit-log-export-hint" className="sr-only">
            {action
              ? `Downloads the “${AUDIT_ACTION_LABELS[action]}” events as CSV.`
              : 'Downloads every event as CSV.'}
          </span>
        </div>
        <AuditLogEvents action={action} />
      </CardContent>
    </Card>
  );
}
