import { formatPhone } from '@callwise/shared/phone';
import type { ConsentRecord } from '@callwise/shared/schemas/consent';
import type { Contact } from '@callwise/shared/schemas/contacts';
import { DownloadIcon, ShieldCheckIcon, ShieldIcon, ShieldOffIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useExportConsentRecords } from '@/features/contacts/api/export-consent-records';
import { useConsentRecords } from '@/features/contacts/api/get-consent-records';
import { CONSENT_METHOD_LABELS, consentScope } from '@/features/contacts/utils/consent-records';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';

function RecordsSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <p className="text-sm text-muted-foreground">Loading consent history...</p>
      <div aria-hidden="true" className="grid gap-3">
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="grid gap-2 rounded-lg border p-3">
            <div className="flex items-center gap-2">
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-4 max-w-48 flex-1" />
            </div>
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3.5 w-56 max-w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** One grant or revocation: what, how, from where, by whom and when. */
function ConsentRecordItem({ record }: { record: ConsentRecord }) {
  const granted = record.action === 'granted';
  const how = [
    CONSENT_METHOD_LABELS[record.method],
    record.source,
    record.words && `“${record.words}”`,
  ].filter(Boolean);
  return (
    <li data-testid="consent-record" className="grid gap-1.5 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant={granted ? 'success' : 'destructive'}>
          {granted ? <ShieldCheckIcon aria-hidden="true" /> : <ShieldOffIcon aria-hidden="true" />}
          {granted ? 'Granted' : 'Revoked'}
        </Badge>
        <span className="min-w-0 font-medium break-words">{consentScope(record)}</span>
      </div>
      <p className="min-w-0 break-words text-muted-foreground">{how.join(' · ')}</p>
      <p className="min-w-0 text-muted-foreground wrap-anywhere">
        {record.recorded_by && <>By {record.recorded_by} · </>}
        <time dateTime={record.created_at}>{formatDateTime(record.created_at)}</time>
      </p>
    </li>
  );
}

/** The records themselves, with their loading, empty, error and "Load more" states; asked for once open. */
function ConsentRecords({ contact }: { contact: Contact }) {
  const records = useConsentRecords(contact.id);

  if (records.isPending) return <RecordsSkeleton />;
  if (records.isError && !records.data) {
    return (
      <LoadError
        title="The consent history could not be loaded"
        message={errorMessage(records.error)}
        retrying={records.isFetching}
        onRetry={() => void records.refetch()}
        className="shadow-none"
      />
    );
  }

  const items = records.data.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={ShieldIcon}
        title="No records yet"
        description="No consent recorded for this contact yet."
        headingLevel="h3"
        className="py-8"
      />
    );
  }

  return (
    <div className="grid gap-4">
      <ol aria-label="Consent records, newest first" className="grid gap-2">
        {items.map((record) => (
          <ConsentRecordItem key={record.id} record={record} />
        ))}
      </ol>
      <LoadMore
        hasMore={records.hasNextPage}
        loading={records.isFetchingNextPage}
        onLoadMore={() => void records.fetchNextPage()}
        shown={items.length}
        noun={{ one: 'record', other: 'records' }}
      />
    </div>
  );
}

/**
 * Every grant and revocation of a contact's consent, newest first, and their CSV. Opened from the card's menu:
 * `onCloseAutoFocus` hands the focus back to the menu’s trigger.
 */
export function ConsentHistoryDialog({
  contact,
  open,
  onOpenChange,
  onCloseAutoFocus,
  canExport,
}: {
  contact: Contact;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  /** The member's role may download CSV exports (an owner's or admin's): else no Download CSV. */
  canExport: boolean;
}) {
  const exporter = useExportConsentRecords();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle className="break-words">Consent history — {contact.name}</DialogTitle>
          <DialogDescription>
            Every time consent to call or text {formatPhone(contact.phone)} was given or taken away, newest
            first.
          </DialogDescription>
        </DialogHeader>
        {open && <ConsentRecords contact={contact} />}
        {canExport && (
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => exporter.mutate(contact.id)}
              disabled={exporter.isPending}
              aria-describedby={`consent-export-hint-${contact.id}`}
            >
              <DownloadIcon aria-hidden="true" />
              {exporter.isPending ? 'Downloading...' : 'Download CSV'}
            </Button>
            <span id={`consent-export-hint-${contact.id}`} className="sr-only">
              Downloads {contact.name}’s consent records as CSV.
            </span>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
