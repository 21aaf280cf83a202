import { PlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A card of the booking form that lists rows of one kind (staff, services, reminders): its heading, the rows (or
 * what having none means), the list's own problem, and the button that adds one (off once the list is full).
 */
export function BookingListCard({
  headingId,
  title,
  description,
  emptyText,
  rows,
  listError,
  addLabel,
  full,
  onAdd,
  after,
}: {
  headingId: string;
  title: string;
  description: ReactNode;
  /** Shown when there are no rows. */
  emptyText: string;
  /** The rows, one `li` each; none when empty. */
  rows: ReactNode[];
  listError: string | undefined;
  addLabel: string;
  full: boolean;
  onAdd: () => void;
  /** Under the add button. */
  after?: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="grid divide-y">{rows}</ul>
        )}
        {listError && (
          <p role="alert" className="text-[0.8125rem] text-destructive">
            {listError}
          </p>
        )}
        <Button type="button" variant="outline" className="w-fit" disabled={full} onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Button>
        {after}
      </CardContent>
    </Card>
  );
}
