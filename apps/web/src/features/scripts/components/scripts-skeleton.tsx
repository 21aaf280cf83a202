import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The script cards while the first page loads. */
export function ScriptsSkeleton() {
  return (
    <div role="status" aria-label="Loading scripts..." className="grid gap-4 lg:grid-cols-2">
      {['a', 'b', 'c', 'd'].map((key) => (
        <Card key={key} className="gap-4 px-5 py-5">
          <div className="flex items-start justify-between gap-3">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <div className="grid gap-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-2/3" />
          </div>
          <Skeleton className="h-3 w-48" />
          <div className="flex gap-2 border-t pt-4">
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-8 w-16" />
          </div>
        </Card>
      ))}
    </div>
  );
}
