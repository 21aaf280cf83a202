import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { fieldErrorsOf } from '@/lib/form-errors';

/**
 * The pieces shared by the Settings sections edited as one document and saved with one button (Booking,
 * Assistant): their loading cards, the sticky save bar, and the server's field problems put on their inputs.
 */

/** Cards of placeholder lines while a document loads (named after the cards and lines to come). */
export function DocumentSkeleton({
  label,
  cards,
  rows,
}: {
  label: string;
  cards: readonly string[];
  rows: readonly string[];
}) {
  return (
    <div className="grid gap-6" role="status" aria-label={label}>
      {cards.map((card) => (
        <Card key={card}>
          <CardHeader>
            <Skeleton className="h-5 w-36" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </CardHeader>
          <CardContent className="grid gap-3">
            {rows.map((row) => (
              <Skeleton key={row} className="h-9 w-full max-w-lg" />
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** The bar that stays at the bottom of the form: whether all is saved, Cancel and Save. */
export function DocumentSaveBar({
  isDirty,
  isSubmitting,
  error,
  saveLabel,
  onCancel,
}: {
  isDirty: boolean;
  isSubmitting: boolean;
  /** A problem of the whole document (not of one field). */
  error: string | undefined;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-2 rounded-xl border bg-card/95 p-3 shadow-sm backdrop-blur sm:p-4">
      {error && (
        <p role="alert" className="w-full text-sm text-destructive sm:w-auto">
          {error}
        </p>
      )}
      <p className="hidden text-sm text-muted-foreground sm:block" aria-live="polite">
        {isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
      </p>
      <div className="flex flex-1 gap-2 sm:flex-none sm:ml-auto">
        <Button
          type="button"
          variant="outline"
          className="flex-1 sm:flex-none"
          disabled={!isDirty || isSubmitting}
          onClick={onCancel}
        >
          Cancel
        </Button>
        <Button type="submit" className="flex-[2] sm:flex-none" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * Puts a refused save's field problems on the form's inputs (the first one focused), each field named as the form
 * has it (`fieldOf`: null for a problem the form has no input for). Returns how many were shown.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldOf: (field: string) => string | null,
  setError: UseFormSetError<T>,
): number {
  let shown = 0;
  for (const problem of fieldErrorsOf(error)) {
    const field = fieldOf(problem.field);
    if (!field) continue;
    setError(field as Path<T>, { message: problem.message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown;
}
