import type { ContactImport } from '@callwise/shared/schemas/contact-imports';
import { CircleAlertIcon, CircleCheckIcon, DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useDownloadImportErrors } from '@/features/contacts/api/download-import-errors';
import { isImportFinished } from '@/features/contacts/api/get-contact-import';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** "3 added, 1 updated, 1 skipped, 1 problem" */
export function importSummary(job: ContactImport): string {
  return [
    `${job.created.toLocaleString()} added`,
    `${job.merged.toLocaleString()} updated`,
    `${job.skipped.toLocaleString()} skipped`,
    plural(job.failed, 'problem', 'problems'),
  ].join(', ');
}

function Counts({ job }: { job: ContactImport }) {
  const items = [
    { label: 'Added', value: job.created, hint: 'New contacts' },
    { label: 'Updated', value: job.merged, hint: 'Numbers you had, with the file’s details' },
    { label: 'Skipped', value: job.skipped, hint: 'Numbers you had, or repeated in the file' },
    { label: 'Problems', value: job.failed, hint: 'Rows that could not be read' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-counts">
      {items.map((item) => (
        <div
          key={item.label}
          className="grid gap-0.5 rounded-lg border bg-muted/30 px-3 py-2.5"
          title={item.hint}
          data-testid={`import-${item.label.toLowerCase()}`}
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

function Problems({ job }: { job: ContactImport }) {
  const download = useDownloadImportErrors();
  if (job.failed === 0) return null;
  return (
    <section aria-labelledby="import-problems-heading" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="import-problems-heading" className="text-sm font-semibold">
          Problem rows
        </h3>
        <Button
          variant="outline"
          size="sm"
          onClick={() => download.mutate(job.id)}
          disabled={download.isPending}
        >
          <DownloadIcon aria-hidden="true" />
          {download.isPending ? 'Downloading...' : 'Download problem rows'}
        </Button>
      </div>
      <ol className="max-h-48 divide-y overflow-y-auto rounded-lg border text-sm" aria-label="Problem rows">
        {job.errors.map((error) => (
          <li key={`${error.line}-${error.reason}`} className="flex gap-3 px-3 py-2">
            <span className="shrink-0 text-muted-foreground tabular-nums">Line {error.line}</span>
            <span className="min-w-0 break-words">{error.reason}</span>
          </li>
        ))}
      </ol>
      {job.failed > job.errors.length && (
        <p className="text-xs text-muted-foreground">
          The first {job.errors.length.toLocaleString()} of {job.failed.toLocaleString()} are listed here; the
          download has them all.
        </p>
      )}
    </section>
  );
}

/** Step 3: the import's progress while it runs, then what it did. */
export function ImportProgressStep({ job }: { job: ContactImport | undefined }) {
  if (!job) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
        Starting the import...
      </div>
    );
  }

  const finished = isImportFinished(job);
  const total = Math.max(job.total_rows, 1);
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <div role="status" className="flex items-center gap-2 text-sm font-medium">
          {!finished && <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin text-primary" />}
          {job.status === 'completed' && (
            <CircleCheckIcon aria-hidden="true" className="size-4 text-success-soft-foreground" />
          )}
          {job.status === 'failed' && (
            <CircleAlertIcon aria-hidden="true" className="size-4 text-destructive" />
          )}
          <span>
            {job.status === 'completed'
              ? `Import complete: ${importSummary(job)}.`
              : job.status === 'failed'
                ? 'The import stopped before the end.'
                : job.status === 'queued'
                  ? 'Waiting to start...'
                  : 'Importing...'}
          </span>
        </div>
        <Progress
          value={job.processed_rows}
          max={total}
          aria-label="Import progress"
          aria-valuetext={`${job.processed_rows} of ${job.total_rows} rows`}
        />
        <p className="text-sm text-muted-foreground tabular-nums">
          {job.processed_rows.toLocaleString()} of {plural(job.total_rows, 'row', 'rows')}
          {!finished && ' · You can close this window: the import carries on.'}
        </p>
      </div>
      <Counts job={job} />
      {job.status === 'failed' && (
        <p role="alert" className="text-sm text-destructive">
          The rows counted above were imported. Import the file again with “Skip numbers I already have” to
          add the rest.
        </p>
      )}
      {finished && <Problems job={job} />}
    </div>
  );
}
