import type { Campaign } from '@callwise/shared/schemas/campaigns';
import { useId } from 'react';
import { Progress } from '@/components/ui/progress';
import { finishedCalls, plural } from '@/features/campaigns/utils/campaign-labels';
import { cn } from '@/lib/utils';

/** "12 of 40 calls done" over a bar, for a campaign's calls (completed, failed and cancelled count as done). */
export function CampaignProgress({
  campaign,
  className,
}: {
  campaign: Pick<Campaign, 'name' | 'progress'>;
  className?: string;
}) {
  const labelId = useId();
  const done = finishedCalls(campaign);
  const total = campaign.progress.total;
  const share = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="text-muted-foreground">
          {total === 0 ? 'No calls' : `${done.toLocaleString()} of ${plural(total, 'call')} done`}
        </span>
        <span className="font-medium tabular-nums">{share}%</span>
      </div>
      <Progress
        value={done}
        max={Math.max(total, 1)}
        aria-labelledby={labelId}
        aria-valuetext={`${campaign.name}: ${share}% done`}
      />
    </div>
  );
}
