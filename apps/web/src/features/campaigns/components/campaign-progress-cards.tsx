import { CALL_OUTCOMES } from '@callwise/shared/calls';
import type { CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CampaignProgress } from '@/features/campaigns/components/campaign-progress';
import { OUTCOME_LABELS, plural } from '@/features/campaigns/utils/campaign-labels';
import { formatDateTime, formatTimeAgo } from '@/lib/dates';

const GROUPS: Array<{ key: keyof CampaignDetail['progress']; label: string; dot: string }> = [
  { key: 'pending', label: 'Waiting', dot: 'bg-warning' },
  { key: 'in_progress', label: 'In progress', dot: 'bg-blue-500' },
  { key: 'completed', label: 'Completed', dot: 'bg-success' },
  { key: 'failed', label: 'Failed', dot: 'bg-destructive' },
  { key: 'canceled', label: 'Cancelled', dot: 'bg-muted-foreground' },
];

/** What the campaign is doing now, in a sentence. */
function stateSentence(campaign: CampaignDetail): string {
  const waiting = campaign.progress.pending;
  switch (campaign.state) {
    case 'scheduled':
      return campaign.next_call_at
        ? `The first call goes out ${formatTimeAgo(campaign.next_call_at)} (${formatDateTime(campaign.next_call_at)}).`
        : 'The first call goes out shortly.';
    case 'running':
      return campaign.next_call_at
        ? `${plural(waiting, 'call')} waiting; the next goes out ${formatTimeAgo(campaign.next_call_at)}.`
        : 'The last calls are under way.';
    case 'paused':
      return `Paused: none of the ${plural(waiting, 'waiting call')} goes out until you resume the campaign.`;
    case 'completed':
      return campaign.progress.total === 0
        ? 'No call was scheduled: the calling rules skipped every contact.'
        : 'Every call of this campaign has ended.';
    case 'canceled':
      return 'Cancelled: its waiting calls were cancelled and will not go out.';
  }
}

export function ProgressCard({ campaign }: { campaign: CampaignDetail }) {
  return (
    <Card className="gap-5">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3">Progress</CardTitle>
        <CardDescription>{stateSentence(campaign)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">
        <CampaignProgress campaign={campaign} />
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="campaign-progress">
          {GROUPS.map((group) => (
            <div key={group.key} className="grid gap-1 rounded-lg border px-3 py-2.5">
              <dt className="flex items-center gap-2 text-[0.8125rem] text-muted-foreground">
                <span aria-hidden="true" className={`size-2 rounded-full ${group.dot}`} />
                {group.label}
              </dt>
              <dd className="text-xl font-semibold tabular-nums">
                {campaign.progress[group.key].toLocaleString()}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function OutcomesCard({ campaign }: { campaign: CampaignDetail }) {
  const answered = CALL_OUTCOMES.reduce((sum, outcome) => sum + campaign.outcomes[outcome], 0);
  return (
    <Card className="gap-5">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3">Outcomes</CardTitle>
        <CardDescription>
          {answered === 0
            ? 'What people answer appears here.'
            : `What ${plural(answered, 'call')} got as an answer.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ul className="grid gap-3" aria-label="Outcomes" data-testid="campaign-outcomes">
          {CALL_OUTCOMES.map((outcome) => {
            const count = campaign.outcomes[outcome];
            const share = answered === 0 ? 0 : Math.round((count / answered) * 100);
            return (
              <li key={outcome} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span>{OUTCOME_LABELS[outcome]}</span>
                  <span className="tabular-nums">
                    <span className="font-medium">{count.toLocaleString()}</span>
                    <span className="text-muted-foreground"> · {share}%</span>
                  </span>
                </div>
                <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
                  <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
