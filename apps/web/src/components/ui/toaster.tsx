import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * The app's one toast outlet. Errors (`toast.error`) use the destructive style, successes a calm green, every
 * other toast the popover surface.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      position="bottom-right"
      richColors
      closeButton
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--success-bg': 'var(--success-soft)',
          '--success-text': 'var(--success-soft-foreground)',
          '--success-border': 'color-mix(in oklch, var(--success) 30%, transparent)',
          '--error-bg': 'var(--destructive)',
          '--error-text': 'var(--destructive-foreground)',
          '--error-border': 'var(--destructive)',
          '--warning-bg': 'var(--warning-soft)',
          '--warning-text': 'var(--warning-soft-foreground)',
          '--warning-border': 'color-mix(in oklch, var(--warning) 40%, transparent)',
          '--border-radius': 'var(--radius)',
        } as CSSProperties
      }
      toastOptions={{
        classNames: {
          toast: 'font-sans shadow-lg',
          title: 'font-semibold',
        },
      }}
      {...props}
    />
  );
}
