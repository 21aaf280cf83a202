import type { CampaignDetail } from '@callwise/shared/schemas/campaigns';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FailureDetail, refusalDetail, upgradeOffer } from '@/components/call-setup/failure-toast';
import { ReviewCard } from '@/components/call-setup/review-card';
import { TermList } from '@/components/call-setup/term-list';
import { BackButton, FocusHeading } from '@/components/call-setup/view-heading';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCreateCampaign } from '@/features/campaigns/api/create-campaign';
import { CampaignConfirmStep } from '@/features/campaigns/components/campaign-confirm-step';
import { CampaignWhatSection } from '@/features/campaigns/components/campaign-what-section';
import { CampaignWhenSection } from '@/features/campaigns/components/campaign-when-section';
import { CampaignWhoSection } from '@/features/campaigns/components/campaign-who-section';
import type { ChosenContact } from '@/features/campaigns/components/contact-chooser';
import { useCampaignDraft } from '@/features/campaigns/hooks/use-campaign-draft';
import { campaignFieldOf } from '@/features/campaigns/utils/campaign-errors';
import {
  type CampaignFormValues,
  campaignFormSchema,
  emptyCampaignForm,
  toCreateCampaignInput,
} from '@/features/campaigns/utils/campaign-form';
import { paceLabel, plural } from '@/features/campaigns/utils/campaign-labels';
import { isApiError } from '@/lib/api-error';
import { placeFieldErrors } from '@/lib/place-field-errors';

export interface NewCampaignViewProps {
  /** What the calls would cost, from the billing estimate; shown on the confirmation step. */
  costEstimate: (calls: number) => ReactNode;
  onCreated: (campaign: CampaignDetail) => void;
}

/**
 * The New Campaign flow: a name, a script and its values, the call type and voice, the contacts (chosen one by
 * one or by tag), when it starts and at what pace; then a confirmation step with the number of calls, their
 * estimated cost and the calling rules, before anything is created.
 */
export function NewCampaignView({ costEstimate, onCreated }: NewCampaignViewProps) {
  const navigate = useNavigate();
  const create = useCreateCampaign();
  const [step, setStep] = useState<'details' | 'confirm'>('details');
  const [chosen, setChosen] = useState<Map<string, ChosenContact>>(() => new Map());
  const headingRef = useRef<HTMLHeadingElement | null>(null);

  const form = useForm<CampaignFormValues>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: emptyCampaignForm(),
  });
  const {
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    formState: { isSubmitted },
  } = form;
  const values = useWatch({ control }) as CampaignFormValues;
  const draft = useCampaignDraft(values, chosen, step === 'confirm');
  const { calls, pace, paceValid } = draft;

  // Each step opens with its heading focused, so that keyboard and screen reader users start at its top.
  useEffect(() => {
    void step;
    headingRef.current?.focus();
  }, [step]);

  const choose = (next: Map<string, ChosenContact>) => {
    setChosen(next);
    setValue('contactIds', [...next.keys()], { shouldValidate: isSubmitted });
  };

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return; // The session ended; the API client has said so.
    placeFieldErrors(error, campaignFieldOf, setError, () => setStep('details'));
    toast.error('Error', {
      description: (
        <FailureDetail
          summary="Failed to create the campaign. Please try again."
          detail={refusalDetail(error)}
        />
      ),
      ...upgradeOffer(error, () => navigate(paths.pricing)),
    });
  };

  const review = handleSubmit(() => setStep('confirm'));

  const submit = async () => {
    let campaign: CampaignDetail;
    try {
      campaign = await create.mutateAsync(toCreateCampaignInput(getValues()));
    } catch (error) {
      showFailure(error);
      return;
    }
    const skipped = campaign.skipped_count;
    toast.success('Campaign created', {
      description:
        `${plural(campaign.progress.total, 'call')} scheduled` +
        (skipped > 0 ? `; ${plural(skipped, 'contact')} skipped by the calling rules.` : '.'),
    });
    onCreated(campaign);
  };

  const heading = (
    <div className="grid gap-4">
      <BackButton to={paths.campaigns}>Back to Campaigns</BackButton>
      <FocusHeading
        id="campaign-heading"
        headingRef={headingRef}
        title={step === 'details' ? 'New Campaign' : 'Confirm the campaign'}
        description={
          step === 'details'
            ? 'One script to many contacts: choose who, when and at what pace.'
            : 'Check what will happen before the calls are scheduled.'
        }
      />
    </div>
  );

  if (step === 'confirm') {
    return (
      <div className="grid grid-cols-1 gap-6" data-testid="campaign-confirm">
        {heading}
        <CampaignConfirmStep
          values={values}
          draft={draft}
          costEstimate={costEstimate(calls)}
          creating={create.isPending}
          onBack={() => setStep('details')}
          onCreate={() => void submit()}
        />
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="new-campaign">
      {heading}
      <form
        onSubmit={review}
        noValidate
        aria-labelledby="campaign-heading"
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="grid min-w-0 gap-6">
          <CampaignWhatSection
            form={form}
            script={draft.script}
            needed={draft.needed}
            callType={values.callType}
          />
          <CampaignWhoSection
            form={form}
            values={values}
            chosen={chosen}
            onChoose={choose}
            tagCount={draft.tagCount}
          />
          <CampaignWhenSection form={form} values={values} draft={draft} />
        </div>

        <ReviewCard
          title="Summary"
          description="Review it, then confirm on the next step."
          actions={
            <>
              <Button asChild type="button" variant="outline" className="sm:flex-1">
                <Link to={paths.campaigns}>Cancel</Link>
              </Button>
              <Button type="submit" className="sm:flex-1">
                Review Campaign
              </Button>
            </>
          }
        >
          <TermList
            rows={[
              [
                'Calls',
                <span key="calls" className="font-medium tabular-nums">
                  {plural(calls, 'call')}
                </span>,
              ],
              ['Script', draft.script?.title ?? '—'],
              ['Starts', draft.whenText],
              ['Pace', paceValid ? paceLabel(pace) : paceLabel(null)],
            ]}
          />
        </ReviewCard>
      </form>
    </div>
  );
}
