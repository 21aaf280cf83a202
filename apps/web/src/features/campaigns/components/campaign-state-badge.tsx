import type { CampaignState } from '@callwise/shared/schemas/campaigns';
import {
  CircleCheckIcon,
  CircleSlashIcon,
  ClockIcon,
  LoaderCircleIcon,
  type LucideIcon,
  PauseIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { STATE_LABELS } from '@/features/campaigns/utils/campaign-labels';
import { cn } from '@/lib/utils';

const STYLES: Record<CampaignState, { icon: LucideIcon; className: string; spin?: boolean }> = {
  scheduled: { icon: ClockIcon, className: 'bg-warning-soft text-warning-soft-foreground' },
  running: { icon: LoaderCircleIcon, className: 'bg-blue-50 text-blue-700', spin: true },
  paused: { icon: PauseIcon, className: 'bg-muted text-foreground' },
  completed: { icon: CircleCheckIcon, className: 'bg-success-soft text-success-soft-foreground' },
  canceled: { icon: CircleSlashIcon, className: 'bg-muted text-muted-foreground' },
};

/** Where a campaign stands, in words and colour (the words alone say it: colour is never the only signal). */
export function CampaignStateBadge({ state, className }: { state: CampaignState; className?: string }) {
  const style = STYLES[state];
  const Icon = style.icon;
  return (
    <Badge variant="neutral" data-state={state} className={cn('gap-1.5 px-2.5', style.className, className)}>
      <Icon aria-hidden="true" className={cn('size-3.5!', style.spin && 'motion-safe:animate-spin')} />
      {STATE_LABELS[state]}
    </Badge>
  );
}
