import { Button } from '@/components/ui/button';
import { CardFooter } from '@/components/ui/card';

/** A settings form's end: Cancel puts the saved values back, Save sends the changes; both wait for a change. */
export function SaveCancelFooter({
  dirty,
  submitting,
  saveLabel,
  onCancel,
}: {
  dirty: boolean;
  submitting: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  return (
    <CardFooter className="flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">
      <Button
        variant="outline"
        className="w-full sm:w-auto"
        disabled={!dirty || submitting}
        onClick={onCancel}
      >
        Cancel
      </Button>
      <Button type="submit" className="w-full sm:w-auto" disabled={!dirty || submitting}>
        {submitting ? 'Saving...' : saveLabel}
      </Button>
    </CardFooter>
  );
}
