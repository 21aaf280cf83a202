import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * One choice out of a few, shown as a row of buttons (cURL / JavaScript / Python): a radio group, so it changes
 * a setting rather than showing one of several panels as tabs do. Arrow keys move the choice. Label it
 * (`aria-label` or `aria-labelledby`).
 */
export function SegmentedControl({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      data-slot="segmented-control"
      orientation="horizontal"
      className={cn(
        'inline-flex h-10 w-fit max-w-full items-center rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function SegmentedControlItem({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="segmented-control-item"
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center rounded-md border border-transparent px-3 py-1',
        'text-sm font-medium whitespace-nowrap transition-[color,box-shadow] outline-none',
        'hover:text-foreground data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'disabled:pointer-events-none disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
