import { RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Inside a card whose data could not be loaded: what went wrong, in a line, and a way to try again. `quiet` for a
 * part of a card whose other parts work (the line in the body's colour, a small button).
 */
export function InlineLoadError({
  message,
  retrying,
  onRetry,
  quiet = false,
}: {
  message: ReactNode;
  retrying: boolean;
  onRetry: () => void;
  quiet?: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className={quiet ? 'text-sm' : 'text-sm text-destructive'}>{message}</p>
      <Button variant="outline" size={quiet ? 'sm' : 'default'} onClick={onRetry} disabled={retrying}>
        <RotateCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
