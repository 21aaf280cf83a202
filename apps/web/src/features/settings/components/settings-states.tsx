import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
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

/** The settings could not be loaded: what went wrong and a way to try again. */
export function SettingsError(props: { message: string; retrying: boolean; onRetry: () => void }) {
  return <LoadError title="Your settings could not be loaded" {...props} />;
}
