import { formatPhone } from '@callwise/shared/phone';
import {
  createDoNotCallInputSchema,
  DO_NOT_CALL_NOTE_MAX_LENGTH,
  type DoNotCallEntry,
  type DoNotCallImportResult,
  type DoNotCallSource,
  MAX_DO_NOT_CALL_IMPORT_BYTES,
} from '@callwise/shared/schemas/do-not-call';
import {
  DownloadIcon,
  FileUpIcon,
  PhoneOffIcon,
  PlusIcon,
  RotateCwIcon,
  SearchXIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { SearchField } from '@/components/search-field';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAddDoNotCall } from '@/features/settings/api/add-do-not-call';
import { useExportDoNotCall } from '@/features/settings/api/export-do-not-call';
import { useDoNotCall } from '@/features/settings/api/get-do-not-call';
import { useImportDoNotCall } from '@/features/settings/api/import-do-not-call';
import { useRemoveDoNotCall } from '@/features/settings/api/remove-do-not-call';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

/** The id of the section, for the card on /settings/do-not-call. */
export const DO_NOT_CALL_SECTION_ID = 'do-not-call';

const SOURCES: Record<DoNotCallSource, { label: string; variant: BadgeProps['variant'] }> = {
  added: { label: 'Added', variant: 'neutral' },
  imported: { label: 'Imported', variant: 'secondary' },
  opted_out: { label: 'Opted out on a call', variant: 'warning' },
  texted_stop: { label: 'Replied STOP', variant: 'warning' },
  unsubscribed: { label: 'Unsubscribed by e-mail', variant: 'warning' },
};

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** Add a number, with an optional note; a refused number is explained under its field. */
function AddNumberForm() {
  const add = useAddDoNotCall();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; note?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDoNotCallInputSchema.safeParse({ phone, note: note.trim() || null });
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const issue of parsed.error.issues) byField[String(issue.path[0])] ??= issue.message;
      setErrors(byField);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (entry) => {
        setPhone('');
        setNote('');
        const number = formatPhone(entry.phone);
        if (entry.already_listed) {
          toast.info('Already on the list', {
            description: `${number} has been on the list since ${formatDate(entry.created_at)}.`,
          });
        } else {
          toast.success('Number added', {
            description:
              entry.canceled_calls > 0
                ? `${number} will not be called. ${plural(entry.canceled_calls, 'waiting call')} to it ${entry.canceled_calls === 1 ? 'was' : 'were'} cancelled.`
                : `${number} will not be called.`,
          });
        }
      },
      onError: (error) => {
        const problems = fieldErrorsOf(error);
        const byField = Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
        if (byField.phone || byField.note) setErrors(byField);
        else toast.error('Error adding the number', { description: errorMessage(error) });
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a number to the do-not-call list"
      className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-start"
    >
      <FormField id="dnc-phone" label="Phone number" error={errors.phone}>
        <Input
          id="dnc-phone"
          type="tel"
          autoComplete="off"
          value={phone}
          maxLength={40}
          placeholder="(202) 555-0143"
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? fieldMessageId('dnc-phone') : undefined}
        />
      </FormField>
      <FormField id="dnc-note" label="Note (optional)" error={errors.note}>
        <Input
          id="dnc-note"
          value={note}
          maxLength={DO_NOT_CALL_NOTE_MAX_LENGTH}
          placeholder="e.g. Asked by e-mail"
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? fieldMessageId('dnc-note') : undefined}
        />
      </FormField>
      <Button type="submit" disabled={add.isPending} className="sm:mt-[1.375rem]">
        <PlusIcon aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add Number'}
      </Button>
    </form>
  );
}

/** What an import did: counts, and the rows that were not numbers (by line). */
function ImportSummary({
  fileName,
  result,
  onDismiss,
}: {
  fileName: string;
  result: DoNotCallImportResult;
  onDismiss: () => void;
}) {
  const shown = result.invalid_rows.slice(0, 10);
  return (
    <div role="status" className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p>
          <span className="font-medium">{fileName}:</span> {plural(result.added, 'number')} added,{' '}
          {result.already_listed.toLocaleString()} already listed
          {result.invalid > 0 ? `, ${plural(result.invalid, 'row')} skipped` : ''}.
          {result.canceled_calls > 0
            ? ` ${plural(result.canceled_calls, 'waiting call')} to these numbers ${result.canceled_calls === 1 ? 'was' : 'were'} cancelled.`
            : ''}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="-m-1.5 size-8"
          onClick={onDismiss}
          aria-label="Dismiss"
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      {shown.length > 0 && (
        <ul className="grid gap-1 text-[0.8125rem] text-muted-foreground">
          {shown.map((row) => (
            <li key={row.line}>
              Line {row.line}
              {row.value ? ` (“${row.value}”)` : ''}: {row.reason}
            </li>
          ))}
          {result.invalid > shown.length && (
            <li>…and {plural(result.invalid - shown.length, 'more row')}.</li>
          )}
        </ul>
      )}
    </div>
  );
}

function EntryRow({ entry, onRemove }: { entry: DoNotCallEntry; onRemove: (entry: DoNotCallEntry) => void }) {
  const source = SOURCES[entry.source];
  const number = formatPhone(entry.phone);
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium tabular-nums">{number}</span>
          <Badge variant={source.variant}>{source.label}</Badge>
        </div>
        <p className="truncate text-[0.8125rem] text-muted-foreground">
          <span>
            Listed <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
          </span>
          {entry.note ? <span> · {entry.note}</span> : null}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0"
        onClick={() => onRemove(entry)}
        aria-label={`Remove ${number} from the do-not-call list`}
      >
        <Trash2Icon aria-hidden="true" />
        <span className="hidden sm:inline">Remove</span>
      </Button>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading the do-not-call list" className="divide-y">
      {['a', 'b', 'c'].map((key) => (
        <div key={key} className="flex items-center justify-between gap-3 py-3">
          <div className="grid gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-28" />
          </div>
          <Skeleton className="h-8 w-20" />
        </div>
      ))}
    </div>
  );
}

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
            <div
              role="alert"
              className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="text-sm text-destructive">
                The do-not-call list could not be loaded. {errorMessage(list.error)}
              </p>
              <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
                <RotateCwIcon aria-hidden="true" className={list.isFetching ? 'animate-spin' : undefined} />
                {list.isFetching ? 'Trying again...' : 'Try again'}
              </Button>
            </div>
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
