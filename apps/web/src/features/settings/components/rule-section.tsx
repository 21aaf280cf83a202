import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * One rule or group of a settings card: its icon, its name and the sentence that explains it, then what can be
 * changed about it. `spacing` is the room between the explanation and the fields.
 */
export function RuleSection({
  icon: Icon,
  title,
  titleId,
  explanation,
  spacing = 'gap-3',
  children,
}: {
  icon: LucideIcon;
  title: string;
  titleId: string;
  explanation: ReactNode;
  spacing?: 'gap-3' | 'gap-4';
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-4">
      <span className="hidden size-9 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground sm:flex">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className={cn('grid min-w-0', spacing)}>
        <div className="grid gap-1">
          <h3 id={titleId} className="text-sm font-semibold">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">{explanation}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
