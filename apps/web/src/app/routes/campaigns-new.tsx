import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CostEstimate } from '@/features/billing/components/cost-estimate';
import { campaignPath } from '@/features/campaigns/components/campaign-list';
import { NewCampaignView } from '@/features/campaigns/components/new-campaign-view';
import { meQueryOptions } from '@/features/settings/api/get-me';

/** New Campaign: the form and its confirmation, with the billing estimate of what the calls cost. */
export default function NewCampaignPage() {
  const navigate = useNavigate();
  // The plan and the role, for the estimate's way out; a failure here is not worth a toast.
  const me = useQuery({ ...meQueryOptions(), meta: { silentErrors: true } });
  return (
    <NewCampaignView
      costEstimate={(calls) => (
        <CostEstimate
          calls={calls}
          onTrial={me.data?.account.plan === 'trial'}
          billingAccess={me.data?.role === 'owner'}
        />
      )}
      onCreated={(campaign) => navigate(campaignPath(campaign.id), { replace: true })}
    />
  );
}
