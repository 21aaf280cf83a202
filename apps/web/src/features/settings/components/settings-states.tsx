import { CircleAlertIcon, RotateCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The profile and notification cards while `/v1/me` loads. */
export function SettingsSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading settings" data-testid="settings-loading">
      <Card>
        <CardHeader>
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {['first', 'last', 'email', 'company'].map((key) => (
            <div key={key} className="grid gap-2">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-9 w-full" />
            </div>
          ))}
        </CardContent>
        <CardFooter className="justify-end gap-2 border-t pt-6">
          <Skeleton className="h-9 w-20" />
          <Skeleton className="h-9 w-32" />
        </CardFooter>
      </Card>
      <Card>
        <CardHeader>
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-64 max-w-full" />
        </CardHeader>
        <CardContent className="grid gap-6">
          {['a', 'b', 'c'].map((key) => (
            <div key={key} className="flex items-center justify-between gap-4">
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-36" />
                <Skeleton className="h-4 w-72 max-w-full" />
              </div>
              <Skeleton className="h-5 w-9 rounded-full" />
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

/** When `/v1/me` fails: what went wrong and a way to try again. */
export function SettingsError({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Card role="alert" className="border-destructive/30">
      <CardHeader className="grid-cols-[auto_1fr] gap-x-3">
        <CircleAlertIcon aria-hidden="true" className="row-span-2 mt-0.5 size-5 text-destructive" />
        <CardTitle as="h2">Your settings could not be loaded</CardTitle>
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
