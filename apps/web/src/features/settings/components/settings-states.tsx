import type { Role } from '@callwise/shared/roles';
import { LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { InlineLoadError } from '@/components/inline-load-error';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

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

/**
 * A section the member's role cannot use (decision 035), reached by its address: who can change it, and the way
 * back to what they can — never an error, never a spinner.
 */
export function SettingsForbidden({ minimum, businessName }: { minimum: Role; businessName: string }) {
  const who = minimum === 'owner' ? 'an owner' : 'an owner or admin';
  return (
    <Card data-testid="settings-forbidden">
      <CardHeader className="grid-cols-[auto_1fr] gap-x-3">
        <LockIcon aria-hidden="true" className="row-span-2 mt-0.5 size-5 text-muted-foreground" />
        <CardTitle as="h2">Only {who} can change this.</CardTitle>
        <CardDescription>
          Ask {who} of {businessName} if something here needs changing. Your own profile, notifications and
          sign-in stay yours to change.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to={paths.settingsProfile}>Go to your profile</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** In place of a part of a card that could not be loaded (`what`: "Your webhook URL"): a line and Try again. */
export function PartLoadError({ what, ...retry }: { what: string; retrying: boolean; onRetry: () => void }) {
  return <InlineLoadError quiet message={`${what} could not be loaded.`} {...retry} />;
}
