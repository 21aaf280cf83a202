import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { inputClassName } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/**
 * The browser's own select, styled as our inputs: for long lists (hundreds of time zones in groups), where it
 * types ahead, scrolls and fits a phone's screen better than a popover.
 */
/** `className` goes to the wrapper (its width, for example), which holds the select and its chevron. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative w-full min-w-0', className)}>
      <select
        data-slot="native-select"
        className={cn(inputClassName, 'appearance-none truncate pr-9')}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-50"
      />
    </div>
  );
}
