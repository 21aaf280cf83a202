import { CircleAlertIcon, RotateCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** When a page's data could not be loaded: what went wrong and a way to try again. */
export function LoadError({
  title,
  message,
  retrying,
  onRetry,
  className,
}: {
  title: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Card role="alert" className={cn('border-destructive/30', className)}>
      <CardHeader className="grid-cols-[auto_1fr] gap-x-3">
        <CircleAlertIcon aria-hidden="true" className="row-span-2 mt-0.5 size-5 text-destructive" />
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RotateCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {retrying ? 'Trying again...' : 'Try again'}
        </Button>
      </CardFooter>
    </Card>
  );
}
