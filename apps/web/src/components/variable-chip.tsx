import { cn } from '@/lib/utils';

/** A `{{variable}}` as a small monospace chip. */
export function VariableChip({ name, className }: { name: string; className?: string }) {
  return (
    <code
      className={cn(
        'inline-flex items-center rounded-md border border-primary/15 bg-primary-soft px-1.5 py-0.5 font-mono text-xs text-primary-soft-foreground',
        className,
      )}
    >
      {`{{${name}}}`}
    </code>
  );
}
