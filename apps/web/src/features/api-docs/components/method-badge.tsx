import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const VARIANTS = {
  GET: 'success',
  POST: 'secondary',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'destructive',
} as const;

/** An HTTP method as a coloured badge. */
export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <Badge
      variant={VARIANTS[method as keyof typeof VARIANTS] ?? 'neutral'}
      className={cn('w-16 justify-center font-mono', className)}
    >
      {method}
    </Badge>
  );
}
