import type { ScriptCategory } from '@callwise/shared/calls';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** How a category reads on screen: the stored `general` shows as "General". */
export const CATEGORY_LABELS: Record<ScriptCategory, string> = {
  general: 'General',
  Reminder: 'Reminder',
  Sales: 'Sales',
  Support: 'Support',
};

const CATEGORY_STYLES: Record<ScriptCategory, string> = {
  general: 'bg-slate-100 text-slate-700',
  Reminder: 'bg-sky-50 text-sky-800',
  Sales: 'bg-emerald-50 text-emerald-800',
  Support: 'bg-violet-50 text-violet-800',
};

export function ScriptCategoryBadge({ category }: { category: ScriptCategory }) {
  return (
    <Badge variant="neutral" data-category={category} className={cn(CATEGORY_STYLES[category])}>
      {CATEGORY_LABELS[category]}
    </Badge>
  );
}
