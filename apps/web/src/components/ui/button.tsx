import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium',
    'transition-[color,background-color,border-color,box-shadow] outline-none select-none',
    'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:border-ring',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/70',
        outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        destructive:
          'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/30',
        success:
          'bg-success text-success-foreground shadow-xs hover:bg-success/90 focus-visible:ring-success/30',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 gap-1.5 rounded-md px-3 text-[0.8125rem] has-[>svg]:px-2.5',
        default: 'h-9 px-4 py-2 has-[>svg]:px-3',
        lg: 'h-11 rounded-lg px-6 text-base has-[>svg]:px-5',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (for example a router Link) with the button's styles. */
  asChild?: boolean;
}

/**
 * A button. One that becomes disabled while it has the focus (Save while saving, Save once nothing is left to
 * save) keeps the focus: it is marked `aria-disabled` and takes no click or key until the focus moves on, then
 * it is disabled for real. A disabled button cannot hold the focus, so the browser would drop it to the page's
 * body and a keyboard user would start again from the top.
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  disabled,
  onClick,
  onKeyDown,
  onPointerDown,
  onFocus,
  onBlur,
  ...props
}: ButtonProps) {
  const [focused, setFocused] = useState(false);
  const Comp = asChild ? Slot.Root : 'button';
  const holdFocus = Boolean(disabled) && focused && !asChild;
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, className }))}
      type={asChild ? type : (type ?? 'button')}
      {...props}
      disabled={holdFocus ? undefined : disabled}
      aria-disabled={holdFocus ? true : props['aria-disabled']}
      // Held: a click (or Enter on a submit button) does nothing, and neither do a trigger's key handlers.
      onClick={holdFocus ? (event) => event.preventDefault() : onClick}
      onKeyDown={holdFocus ? undefined : onKeyDown}
      onPointerDown={holdFocus ? undefined : onPointerDown}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
    />
  );
}
