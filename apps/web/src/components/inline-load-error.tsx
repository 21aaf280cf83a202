import { RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Inside a card whose data could not be loaded: what went wrong, in a line, and a way to try again. */
export function InlineLoadError({
  message,
  retrying,
  onRetry,
}: {
  message: ReactNode;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
