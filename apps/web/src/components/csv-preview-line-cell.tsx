import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { TableCell, TableRow } from '@/components/ui/table';

/** The first cell of a previewed CSV row: its line number, marked as importable or as having a problem. */
export function CsvPreviewLineCell({ line, problem }: { line: number; problem: boolean }) {
  return (
    <TableCell className="tabular-nums">
      <span className="flex items-center gap-1.5 text-muted-foreground">
        {problem ? (
          <CircleAlertIcon aria-hidden="true" className="size-4 text-destructive" />
        ) : (
          <CircleCheckIcon aria-hidden="true" className="size-4 text-success-soft-foreground" />
        )}
        {line}
      </span>
    </TableCell>
  );
}

/** Under a previewed CSV row that will not be imported: why, across the whole table. */
export function CsvPreviewProblemRow({
  line,
  problem,
  columns,
}: {
  line: number;
  problem: string;
  columns: number;
}) {
  return (
    <TableRow className="bg-destructive-soft/40 hover:bg-destructive-soft/40">
      <TableCell colSpan={columns} className="pt-0 text-[0.8125rem] whitespace-normal text-destructive">
        {/* Stays in view on narrow screens, where the table scrolls sideways. */}
        <span className="sticky left-3 block w-fit max-w-[min(40rem,calc(100vw-6rem))]">
          Line {line} will be skipped: {problem}
        </span>
      </TableCell>
    </TableRow>
  );
}
