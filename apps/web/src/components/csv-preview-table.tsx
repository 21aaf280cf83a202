import { Fragment, type ReactNode } from 'react';
import { CsvPreviewLineCell, CsvPreviewProblemRow } from '@/components/csv-preview-line-cell';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/**
 * The preview step of a CSV import: the first rows of the file under a "Preview" heading, each row's line number
 * first and, under a row that will be skipped, why. `columns` names the columns after "Line", `cells` draws a
 * row's cells after its line number.
 */
export function CsvPreviewTable<Row extends { line: number; problem?: string | null | undefined }>({
  description,
  columns,
  rows,
  cells,
}: {
  description: ReactNode;
  columns: ReadonlyArray<string>;
  rows: ReadonlyArray<Row>;
  cells: (row: Row) => ReactNode;
}) {
  return (
    <section aria-labelledby="import-preview-heading" className="grid min-w-0 gap-2">
      <div>
        <h3 id="import-preview-heading" className="text-sm font-semibold">
          Preview
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="min-w-0 rounded-lg border">
        <Table aria-labelledby="import-preview-heading">
          <TableHeader>
            <TableRow>
              <TableHead>Line</TableHead>
              {columns.map((column) => (
                <TableHead key={column}>{column}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <Fragment key={row.line}>
                <TableRow className={cn(row.problem && 'border-b-0 bg-destructive-soft/40')}>
                  <CsvPreviewLineCell line={row.line} problem={Boolean(row.problem)} />
                  {cells(row)}
                </TableRow>
                {row.problem && (
                  <CsvPreviewProblemRow line={row.line} problem={row.problem} columns={columns.length + 1} />
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
