import { PRODUCT_NAME } from '@callwise/shared/product';
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon, RotateCwIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { STATUS_REFRESH_MS, useServiceStatus } from '@/features/marketing/api/get-service-status';
import { formatTime } from '@/lib/dates';
import { cn } from '@/lib/utils';

const parts = [
  { key: 'api', name: 'API and web app', description: 'Sign-in, the workspace and the REST API answer.' },
  {
    key: 'database',
    name: 'Database',
    description: 'Contacts, scripts and calls are read and saved; scheduled calls go out.',
  },
] as const;

/**
 * Status: whether the product is up right now, from the server's own health probes (`/healthz`, `/readyz`),
 * asked from this page when it opens, every 30 seconds and on "Check again".
 */
export default function StatusPage() {
  const status = useServiceStatus();
  const data = status.data;
  const allUp = data ? data.api && data.database : null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 lg:py-20">
      <header className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">System Status</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Whether {PRODUCT_NAME} is up right now, checked live from this page.
        </p>
      </header>

      <div
        role="status"
        data-testid="status-summary"
        className={cn(
          'mt-12 flex items-center gap-3 rounded-xl border px-5 py-4 font-medium',
          allUp === null && 'bg-muted/40 text-muted-foreground',
          allUp === true && 'border-success/30 bg-success-soft text-success-soft-foreground',
          allUp === false && 'border-destructive/30 bg-destructive-soft text-destructive-soft-foreground',
        )}
      >
        {allUp === null ? (
          <LoaderCircleIcon aria-hidden="true" className="size-5 shrink-0 animate-spin" />
        ) : allUp ? (
          <CircleCheckIcon aria-hidden="true" className="size-5 shrink-0" />
        ) : (
          <CircleAlertIcon aria-hidden="true" className="size-5 shrink-0" />
        )}
        {allUp === null
          ? 'Checking...'
          : allUp
            ? 'All systems operational'
            : 'Some systems are not working. We are on it.'}
      </div>

      <Card className="mt-6 gap-0 py-0">
        <ul className="divide-y" aria-label="Systems">
          {parts.map((part) => {
            const up = data?.[part.key];
            return (
              <li
                key={part.key}
                data-testid={`status-${part.key}`}
                className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6"
              >
                <div className="min-w-0">
                  <p className="font-medium">{part.name}</p>
                  <p className="text-sm text-muted-foreground">{part.description}</p>
                </div>
                {up === undefined ? (
                  <Badge variant="neutral">Checking</Badge>
                ) : up ? (
                  <Badge variant="success">Operational</Badge>
                ) : (
                  <Badge variant="destructive">Down</Badge>
                )}
              </li>
            );
          })}
        </ul>
      </Card>

      <div className="mt-6 flex flex-col items-center gap-3 text-sm text-muted-foreground sm:flex-row sm:justify-between">
        <p>
          {data
            ? `Last checked at ${formatTime(data.checkedAt)}; checked again every ${STATUS_REFRESH_MS / 1000} seconds.`
            : 'Asking the servers...'}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void status.refetch()}
          disabled={status.isFetching}
          aria-busy={status.isFetching}
        >
          <RotateCwIcon aria-hidden="true" className={status.isFetching ? 'animate-spin' : undefined} />
          Check again
        </Button>
      </div>

      <p className="mt-12 text-center text-sm text-muted-foreground">
        Something not working for you?{' '}
        <Link to={`${paths.help}#contact`} className="font-medium text-primary underline underline-offset-4">
          Contact us
        </Link>
      </p>
    </div>
  );
}
