import type { ContactImport } from '@callwise/shared/schemas/contact-imports';
import { CircleAlertIcon, CircleCheckIcon, DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { ImportCounts, ImportProblemList } from '@/components/csv-import-results';
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
  return <ImportCounts items={items} />;
}

function Problems({ job }: { job: ContactImport }) {
  const download = useDownloadImportErrors();
  if (job.failed === 0) return null;
  return (
    <ImportProblemList
      problems={job.errors}
      action={
        <Button
          variant="outline"
          size="sm"
          onClick={() => download.mutate(job.id)}
          disabled={download.isPending}
        >
          <DownloadIcon aria-hidden="true" />
          {download.isPending ? 'Downloading...' : 'Download problem rows'}
        </Button>
      }
    >
      {job.failed > job.errors.length && (
        <p className="text-xs text-muted-foreground">
          The first {job.errors.length.toLocaleString()} of {job.failed.toLocaleString()} are listed here; the
          download has them all.
        </p>
      )}
    </ImportProblemList>
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
