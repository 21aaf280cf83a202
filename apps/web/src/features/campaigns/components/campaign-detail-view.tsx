import { CALL_OUTCOMES } from '@callwise/shared/calls';
import { formatPhone } from '@callwise/shared/phone';
import { CAMPAIGN_SKIP_REASON_LABELS, type CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { ArrowLeftIcon, CircleSlashIcon, PauseIcon, PlayIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { TermList } from '@/components/call-setup/term-list';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { type CampaignAction, useChangeCampaign } from '@/features/campaigns/api/change-campaign';
import { CampaignProgress } from '@/features/campaigns/components/campaign-progress';
import { CampaignStateBadge } from '@/features/campaigns/components/campaign-state-badge';
import {
  callTypeLabel,
  OUTCOME_LABELS,
  paceLabel,
  plural,
  voiceLabel,
} from '@/features/campaigns/utils/campaign-labels';
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

function ProgressCard({ campaign }: { campaign: CampaignDetail }) {
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

function OutcomesCard({ campaign }: { campaign: CampaignDetail }) {
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

function ScheduleCard({ campaign }: { campaign: CampaignDetail }) {
  return (
    <Card className="gap-5">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3">Schedule</CardTitle>
        <CardDescription>Calls wait for each recipient’s calling window.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <TermList
          rows={[
            ['Starts', formatDateTime(campaign.starts_at)],
            ['Pace', paceLabel(campaign.pace_per_hour)],
            ['Next call', campaign.next_call_at ? formatDateTime(campaign.next_call_at) : '—'],
            ['Last call', campaign.last_call_at ? formatDateTime(campaign.last_call_at) : '—'],
            ['Contacts', plural(campaign.requested, 'contact')],
            ['Created', formatDateTime(campaign.created_at)],
          ]}
        />
      </CardContent>
    </Card>
  );
}

function SkippedCard({ campaign }: { campaign: CampaignDetail }) {
  return (
    <Card className="gap-4 pb-0" data-testid="campaign-skipped">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3">Skipped contacts</CardTitle>
        <CardDescription>
          {campaign.skipped.length === 0
            ? 'The calling rules skipped nobody: every contact got a call.'
            : `${plural(campaign.skipped.length, 'contact')} got no call, because of the calling rules:`}
        </CardDescription>
      </CardHeader>
      {campaign.skipped.length === 0 ? (
        <CardContent className="flex items-center gap-2 px-4 pb-6 text-sm text-muted-foreground sm:px-6">
          <ShieldCheckIcon aria-hidden="true" className="size-4 text-success" />
          No contact skipped.
        </CardContent>
      ) : (
        <div className="overflow-x-auto border-t">
          <Table aria-label="Skipped contacts">
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4 sm:pl-6">Number</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead className="pr-4 sm:pr-6">Why</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {campaign.skipped.map((skip) => (
                <TableRow key={skip.contact_id ?? `${skip.phone}-${skip.reason}`}>
                  <TableCell className="pl-4 whitespace-nowrap tabular-nums sm:pl-6">
                    {skip.phone ? formatPhone(skip.phone) : 'Unknown'}
                  </TableCell>
                  <TableCell>
                    <Badge variant={skip.reason === 'not_found' ? 'neutral' : 'warning'}>
                      {CAMPAIGN_SKIP_REASON_LABELS[skip.reason]}
                    </Badge>
                  </TableCell>
                  <TableCell className="min-w-64 pr-4 text-[0.8125rem] whitespace-normal text-muted-foreground sm:pr-6">
                    {skip.message}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}

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
        <div>
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link to={paths.campaigns}>
              <ArrowLeftIcon aria-hidden="true" />
              Back to Campaigns
            </Link>
          </Button>
        </div>
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
