import type { CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { CircleSlashIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { BackButton } from '@/components/call-setup/view-heading';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { type CampaignAction, useChangeCampaign } from '@/features/campaigns/api/change-campaign';
import { OutcomesCard, ProgressCard } from '@/features/campaigns/components/campaign-progress-cards';
import { ScheduleCard, SkippedCard } from '@/features/campaigns/components/campaign-schedule-cards';
import { CampaignStateBadge } from '@/features/campaigns/components/campaign-state-badge';
import { callTypeLabel, plural, voiceLabel } from '@/features/campaigns/utils/campaign-labels';

const DONE_TOASTS: Record<CampaignAction, (campaign: CampaignDetail) => [string, string]> = {
  pause: () => ['Campaign paused', 'No further call goes out until you resume it.'],
  resume: () => ['Campaign resumed', 'Its waiting calls go out again.'],
  cancel: (campaign) => [
    'Campaign cancelled',
    `${plural(campaign.progress.canceled, 'call')} cancelled; calls already under way finish.`,
  ],
};

/**
 * One campaign: where it stands, its progress by status group, the outcomes of its calls, its schedule and the
 * contacts it skipped with the reason for each; Pause, Resume, and Cancel after a confirmation.
 */
export function CampaignDetailView({ campaign }: { campaign: CampaignDetail }) {
  const pause = useChangeCampaign('pause');
  const resume = useChangeCampaign('resume');
  const cancel = useChangeCampaign('cancel');
  const [confirming, setConfirming] = useState(false);
  const busy = pause.isPending || resume.isPending || cancel.isPending;
  const open = campaign.state !== 'completed' && campaign.state !== 'canceled';

  const run = (action: CampaignAction) => {
    const mutation = { pause, resume, cancel }[action];
    mutation.mutate(campaign.id, {
      onSuccess: (changed) => {
        const [title, description] = DONE_TOASTS[action](changed);
        toast.success(title, { description });
      },
    });
  };

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="campaign-detail">
      <div className="grid gap-4">
        <BackButton to={paths.campaigns}>Back to Campaigns</BackButton>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h2 className="min-w-0 text-xl font-semibold tracking-tight break-words sm:text-2xl">
                {campaign.name}
              </h2>
              <CampaignStateBadge state={campaign.state} />
            </div>
            <p className="text-sm text-muted-foreground">
              {campaign.script_title ?? 'Deleted script'} · {callTypeLabel(campaign.call_type)} ·{' '}
              {voiceLabel(campaign.voice)}
            </p>
          </div>
          {open && (
            <div className="flex shrink-0 flex-wrap gap-2">
              {campaign.status === 'paused' ? (
                <Button onClick={() => run('resume')} disabled={busy}>
                  <PlayIcon aria-hidden="true" />
                  {resume.isPending ? 'Resuming...' : 'Resume'}
                </Button>
              ) : (
                <Button variant="outline" onClick={() => run('pause')} disabled={busy}>
                  <PauseIcon aria-hidden="true" />
                  {pause.isPending ? 'Pausing...' : 'Pause'}
                </Button>
              )}
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                trigger={
                  <Button
                    variant="outline"
                    disabled={busy}
                    className="text-destructive hover:text-destructive"
                  >
                    <CircleSlashIcon aria-hidden="true" />
                    {cancel.isPending ? 'Cancelling...' : 'Cancel Campaign'}
                  </Button>
                }
                title={`Cancel “${campaign.name}”?`}
                description={`The ${plural(campaign.progress.pending, 'call')} that ${campaign.progress.pending === 1 ? 'has' : 'have'} not gone out yet will be cancelled; calls already under way finish. This cannot be undone.`}
                cancelLabel="Keep Campaign"
                confirmLabel="Cancel Campaign"
                onConfirm={() => run('cancel')}
              />
            </div>
          )}
        </div>
      </div>

      <ProgressCard campaign={campaign} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <OutcomesCard campaign={campaign} />
        <ScheduleCard campaign={campaign} />
      </div>
      <SkippedCard campaign={campaign} />
    </div>
  );
}
