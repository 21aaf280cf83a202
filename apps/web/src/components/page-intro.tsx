import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The line under a workspace page's title: what the page is for, and its main actions. */
export function PageIntro({
  title,
  description,
  actions,
  className,
}: {
  /** Optional lead text (for example a welcome line). */
  title?: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0 space-y-1">
        {title && <p className="truncate text-xl font-semibold tracking-tight sm:text-2xl">{title}</p>}
        <p className="text-sm text-muted-foreground sm:text-base">{description}</p>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
