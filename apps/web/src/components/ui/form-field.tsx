import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export interface FormFieldProps {
  /** The id of the control inside; the label points at it and the messages describe it. */
  id: string;
  label: ReactNode;
  error?: string;
  description?: ReactNode;
  /** Content on the label's line, right-aligned (for example a "Forgot password" link). */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label, control and message for one form field. Give the control `aria-describedby={fieldMessageId(id)}`. */
export function FormField({
  id,
  label,
  error,
  description,
  labelAside,
  className,
  children,
}: FormFieldProps) {
  const message = error ?? description;
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {message && (
        <p
          id={fieldMessageId(id)}
          className={cn('text-[0.8125rem]', error ? 'text-destructive' : 'text-muted-foreground')}
        >
          {message}
        </p>
      )}
    </div>
  );
}

export function fieldMessageId(id: string): string {
  return `${id}-message`;
}
