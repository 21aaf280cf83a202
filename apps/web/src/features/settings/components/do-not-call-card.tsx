import { formatPhone } from '@callwise/shared/phone';
import {
  type DoNotCallEntry,
  type DoNotCallImportResult,
  MAX_DO_NOT_CALL_IMPORT_BYTES,
} from '@callwise/shared/schemas/do-not-call';
import { DownloadIcon, FileUpIcon, PhoneOffIcon, SearchXIcon } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { InlineLoadError } from '@/components/inline-load-error';
import { LoadMore } from '@/components/load-more';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useExportDoNotCall } from '@/features/settings/api/export-do-not-call';
import { useDoNotCall } from '@/features/settings/api/get-do-not-call';
import { useImportDoNotCall } from '@/features/settings/api/import-do-not-call';
import { useRemoveDoNotCall } from '@/features/settings/api/remove-do-not-call';
import { AddNumberForm } from '@/features/settings/components/do-not-call-add-form';
import { EntryRow, ImportSummary, ListSkeleton } from '@/features/settings/components/do-not-call-parts';
import { plural } from '@/features/settings/utils/do-not-call';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/errors';

/** The id of the section, for the card on /settings/do-not-call. */
export const DO_NOT_CALL_SECTION_ID = 'do-not-call';

/**
 * Settings → Do-not-call list: numbers that are never called. Add one (with a note), search, import and export
 * CSV, remove one; people who press 9 on a call appear here by themselves.
 */
export function DoNotCallCard() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const list = useDoNotCall(q);
  const remove = useRemoveDoNotCall();
  const importList = useImportDoNotCall();
  const exportList = useExportDoNotCall();
  const [removing, setRemoving] = useState<DoNotCallEntry | null>(null);
  const [imported, setImported] = useState<{ fileName: string; result: DoNotCallImportResult } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const entries = list.data?.pages.flatMap((page) => page.data) ?? [];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_DO_NOT_CALL_IMPORT_BYTES) {
      toast.error('Error importing numbers', {
        description: `${file.name} is larger than 2 MB. Split it into smaller files and import each one.`,
      });
      return;
    }
    const csv = await file.text();
    importList.mutate(csv, {
      onSuccess: (result) => {
        setImported({ fileName: file.name, result });
        toast.success('Numbers imported', {
          description: `${plural(result.added, 'number')} added to the do-not-call list.`,
        });
      },
    });
  };

  return (
    <Card id={DO_NOT_CALL_SECTION_ID} className="scroll-mt-20" aria-labelledby="do-not-call-heading">
      <CardHeader>
        <CardTitle as="h2" id="do-not-call-heading" className="flex items-center gap-2">
          <PhoneOffIcon aria-hidden="true" className="size-4 text-primary" />
          Do-not-call list
        </CardTitle>
        <CardDescription>
          Numbers on this list are never called: new calls to them are refused and waiting ones are cancelled.
          People who press 9 on a call are added by themselves.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AddNumberForm />

        <div className="grid gap-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <SearchField
              aria-label="Search the do-not-call list"
              placeholder="Search numbers or notes"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="sm:max-w-xs sm:flex-1"
            />
            <div className="flex gap-2 sm:ml-auto">
              <input
                ref={fileInput}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => void onFile(event)}
                data-testid="dnc-import-file"
              />
              <Button
                variant="outline"
                className="flex-1 sm:flex-none"
                disabled={importList.isPending}
                onClick={() => fileInput.current?.click()}
              >
                <FileUpIcon aria-hidden="true" />
                {importList.isPending ? 'Importing...' : 'Import CSV'}
              </Button>
              <Button
                variant="outline"
                className="flex-1 sm:flex-none"
                disabled={exportList.isPending || entries.length === 0}
                onClick={() => exportList.mutate(q)}
              >
                <DownloadIcon aria-hidden="true" />
                {exportList.isPending ? 'Exporting...' : 'Export CSV'}
              </Button>
            </div>
          </div>
          <p className="-mt-2 text-[0.8125rem] text-muted-foreground">
            Import a CSV file with one number per line, or with a “phone” column (and an optional “note”
            column).
          </p>

          {imported && (
            <ImportSummary
              fileName={imported.fileName}
              result={imported.result}
              onDismiss={() => setImported(null)}
            />
          )}

          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError ? (
            <InlineLoadError
              message={<>The do-not-call list could not be loaded. {errorMessage(list.error)}</>}
              retrying={list.isFetching}
              onRetry={() => void list.refetch()}
            />
          ) : entries.length === 0 ? (
            q.trim() ? (
              <EmptyState
                icon={SearchXIcon}
                headingLevel="h3"
                title="No matching numbers"
                description={`Nothing on the list matches “${q.trim()}”.`}
                className="py-10"
              />
            ) : (
              <EmptyState
                icon={PhoneOffIcon}
                headingLevel="h3"
                title="No numbers on the list yet"
                description="Add a number above or import a CSV file. People who opt out on a call will appear here."
                className="py-10"
              />
            )
          ) : (
            <>
              <ul aria-label="Numbers on the do-not-call list" className="divide-y border-y">
                {entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} onRemove={setRemoving} />
                ))}
              </ul>
              <LoadMore
                hasMore={list.hasNextPage}
                loading={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
                shown={entries.length}
                noun={{ one: 'number', other: 'numbers' }}
              />
            </>
          )}
        </div>
      </CardContent>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing ? formatPhone(removing.phone) : ''} from the list?`}
        description="This number may be called again, by you, the API and campaigns. Calls cancelled when it was listed stay cancelled."
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing) remove.mutate({ id: removing.id, phone: removing.phone });
          setRemoving(null);
        }}
      />
    </Card>
  );
}
