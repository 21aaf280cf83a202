import { TriangleAlertIcon } from 'lucide-react';
import { LogoMark } from '@/components/logo';
import { Button } from '@/components/ui/button';

/** The friendly page shown when something breaks while rendering. */
export function ErrorFallback({ onRetry }: { onRetry?: () => void }) {
  return (
    <main id="main" className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-16">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-6 flex w-fit items-center gap-3">
          <LogoMark className="size-9" />
          <span className="flex size-9 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
            <TriangleAlertIcon aria-hidden="true" className="size-5" />
          </span>
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">
          Sorry, this page could not be shown. Your data is safe. Try again, or go back to the home page.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={onRetry ?? (() => window.location.reload())}>Try Again</Button>
          <Button variant="outline" asChild>
            {/* A full page load: the router itself may be what failed. */}
            <a href="/">Return to Home</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
