import { Spinner } from '@/components/ui/spinner';

/** Shown while the first page of a visit loads. */
export function PageLoader() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner size="lg" label="Loading..." />
    </div>
  );
}
