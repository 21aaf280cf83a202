import { SearchIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A search box with its magnifier; give it an `aria-label` (its placeholder is not a label). */
export function SearchField({
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { 'aria-label': string }) {
  return (
    <div className={cn('relative', className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" autoComplete="off" className="pl-9" {...props} />
    </div>
  );
}
