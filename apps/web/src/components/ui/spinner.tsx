import { LoaderCircleIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export interface SpinnerProps extends ComponentProps<'div'> {
  /** Visible text beside the spinner; also its accessible name. */
  label?: string;
  size?: 'sm' | 'default' | 'lg';
}

const iconSize = { sm: 'size-4', default: 'size-5', lg: 'size-8' } as const;

export function Spinner({ className, label = 'Loading...', size = 'default', ...props }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className={cn(
        'flex items-center justify-center gap-2 text-sm text-muted-foreground',
        size === 'lg' && 'flex-col gap-3',
        className,
      )}
      {...props}
    >
      <LoaderCircleIcon aria-hidden="true" className={cn('animate-spin text-primary', iconSize[size])} />
      <span>{label}</span>
    </div>
  );
}
