import type { CallType } from '@callwise/shared/calls';
import { InfoIcon, LoaderCircleIcon, MegaphoneIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TermList } from '@/components/call-setup/term-list';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { CampaignDraft } from '@/features/campaigns/hooks/use-campaign-draft';
import { type CampaignFormValues, spreadDuration } from '@/features/campaigns/utils/campaign-form';
import { callTypeLabel, paceLabel, plural, voiceLabel } from '@/features/campaigns/utils/campaign-labels';

/** From this many calls on, creating them takes long enough to say so. */
const LARGE_CAMPAIGN = 200;

/** The notice that the calling rules still apply to every call of the campaign. */
function CallingRulesNote() {
  return (
    <div className="flex gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-[0.8125rem] leading-relaxed">
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <p>
        <span className="font-medium">The calling rules apply to every call.</span> Contacts on your
        do-not-call list, without consent for this kind of call, or already called as often as your account
        allows today are skipped; the campaign lists each one and why. Calls go out only inside each
        recipient’s calling window (their local time) and otherwise wait for the next opening.
      </p>
    </div>
  );
}

/** How many contacts the calling rules would skip for want of the consent this kind of call needs. */
function ConsentSkips({ count, callType }: { count: number | undefined; callType: CallType }) {
  if (count === undefined || count === 0) return null;
  return (
    <p
      className="flex gap-3 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-[0.8125rem] leading-relaxed text-warning-soft-foreground"
      data-testid="campaign-consent-skips"
    >
      <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-medium">{plural(count, 'contact')} would be skipped for consent:</span>{' '}
        {callType === 'promotional'
          ? 'promotional calls need marketing consent.'
          : 'they have no consent on record and are not marked as existing customers.'}{' '}
        Record their consent on the Contacts page (one by one, or select them and Set consent).
      </span>
    </p>
  );
}

/**
 * The confirmation step: the number of calls and who they go to, their estimated cost, the campaign's facts,
 * who would be skipped and the calling rules; Back, and Create Campaign.
 */
export function CampaignConfirmStep({
  values,
  draft,
  costEstimate,
  creating,
  onBack,
  onCreate,
}: {
  values: CampaignFormValues;
  draft: CampaignDraft;
  costEstimate: ReactNode;
  creating: boolean;
  onBack: () => void;
  onCreate: () => void;
}) {
  const { calls, pace, paceValid } = draft;
  return (
    <Card className="gap-5" aria-labelledby="campaign-heading" role="region">
      <CardHeader className="px-4 sm:px-6">
        <p className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
            <MegaphoneIcon aria-hidden="true" className="size-5" />
          </span>
          <span className="grid">
            <span
              className="text-2xl font-semibold tracking-tight tabular-nums"
              data-testid="campaign-call-count"
            >
              {plural(calls, 'call')}
            </span>
            <span className="text-sm text-muted-foreground">{draft.audienceText}</span>
          </span>
        </p>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">
        {costEstimate}
        <TermList
          rows={[
            ['Name', values.name],
            ['Script', draft.script?.title ?? '—'],
            ['Call type', callTypeLabel(values.callType)],
            ['Voice', voiceLabel(values.voice)],
            ['Starts', draft.whenText],
            [
              'Pace',
              paceValid && calls > 1
                ? `${paceLabel(pace)} (the last call ${spreadDuration(calls, pace)} after the first)`
                : paceLabel(paceValid ? pace : null),
            ],
            ...draft.needed.map((name): [string, ReactNode] => [
              `{{${name}}}`,
              values.variables?.[name]?.trim() ?? '',
            ]),
          ]}
        />
        <ConsentSkips count={draft.consentGaps} callType={values.callType} />
        <CallingRulesNote />
        {creating && calls > LARGE_CAMPAIGN && (
          <p role="status" className="text-[0.8125rem] text-muted-foreground">
            Creating {plural(calls, 'call')}: a large campaign takes a minute or two. Please keep this page
            open.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onBack} disabled={creating}>
            Back
          </Button>
          <Button type="button" onClick={onCreate} disabled={creating || calls === 0}>
            {creating ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <MegaphoneIcon aria-hidden="true" />
            )}
            {creating ? 'Creating...' : 'Create Campaign'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
