import type { Campaign } from '@callwise/shared/schemas/campaigns';
import { ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { CampaignProgress } from '@/features/campaigns/components/campaign-progress';
import { CampaignStateBadge } from '@/features/campaigns/components/campaign-state-badge';
import { callTypeLabel, plural } from '@/features/campaigns/utils/campaign-labels';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';
import { cn } from '@/lib/utils';

export const campaignPath = (id: string) => paths.campaign.replace(':id', encodeURIComponent(id));

/** What is next for a campaign, in a few words. */
export function campaignTiming(campaign: Campaign, now: Date = new Date()): string {
  switch (campaign.state) {
    case 'scheduled':
      return campaign.next_call_at ? `Starts ${formatTimeAgo(campaign.next_call_at, now)}` : 'Starting';
    case 'running':
      return campaign.next_call_at
        ? `Next call ${formatTimeAgo(campaign.next_call_at, now)}`
        : 'Calls under way';
    case 'paused':
      return 'No calls go out until it is resumed';
    case 'completed':
      return `Created ${formatDateTime(campaign.created_at)}`;
    case 'canceled':
      return `Cancelled ${formatTimeAgo(campaign.updated_at, now)}`;
  }
}

function CampaignRow({ campaign }: { campaign: Campaign }) {
  const script = campaign.script_title ?? 'Deleted script';
  return (
    <Card className="relative gap-4 px-4 py-4 transition-colors hover:bg-accent/40 sm:px-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="line-clamp-2 text-base font-semibold tracking-tight break-words">
            {/* The whole card is the link (the stretched ::after), named by the campaign. */}
            <Link
              to={campaignPath(campaign.id)}
              className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
            >
              {campaign.name}
            </Link>
          </h2>
          <p className="truncate text-sm text-muted-foreground">
            {script} · {callTypeLabel(campaign.call_type)}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <CampaignStateBadge state={campaign.state} />
          <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        </div>
      </div>
      <CampaignProgress campaign={campaign} />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
        <span>{campaignTiming(campaign)}</span>
        <span className="flex flex-wrap gap-x-3">
          <span>{plural(campaign.requested, 'contact')}</span>
          {campaign.skipped_count > 0 && (
            <span className="text-warning-soft-foreground">
              {campaign.skipped_count.toLocaleString()} skipped
            </span>
          )}
          {campaign.outcomes.confirmed > 0 && (
            <span>{campaign.outcomes.confirmed.toLocaleString()} confirmed</span>
          )}
        </span>
      </div>
    </Card>
  );
}

/** The campaigns as cards: name, state, progress, what is next. Each card opens the campaign. */
export function CampaignList({
  campaigns,
  busy,
  dimmed,
}: {
  campaigns: Campaign[];
  busy: boolean;
  dimmed: boolean;
}) {
  return (
    <ul
      aria-label="Campaigns"
      aria-busy={busy}
      className={cn('grid gap-4 transition-opacity', dimmed && 'opacity-60')}
    >
      {campaigns.map((campaign) => (
        <li key={campaign.id}>
          <CampaignRow campaign={campaign} />
        </li>
      ))}
    </ul>
  );
}

/** The campaign cards while the first page loads. */
export function CampaignListSkeleton() {
  return (
    <div role="status" aria-label="Loading campaigns..." className="grid gap-4">
      {[0, 1, 2].map((key) => (
        <Card key={key} className="gap-4 px-4 py-4 sm:px-5">
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-2">
              <Skeleton className="h-5 w-48 max-w-full" />
              <Skeleton className="h-4 w-36" />
            </div>
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
          <Skeleton className="h-2 w-full rounded-full" />
          <Skeleton className="h-4 w-40" />
        </Card>
      ))}
    </div>
  );
}
