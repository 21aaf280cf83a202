import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { TableCell } from '@/components/ui/table';

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
