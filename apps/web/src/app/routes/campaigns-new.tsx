import { useNavigate } from 'react-router';
import { CostEstimate } from '@/features/billing/components/cost-estimate';
import { campaignPath } from '@/features/campaigns/components/campaign-list';
import { NewCampaignView } from '@/features/campaigns/components/new-campaign-view';

/** New Campaign: the form and its confirmation, with the billing estimate of what the calls cost. */
export default function NewCampaignPage() {
  const navigate = useNavigate();
  return (
    <NewCampaignView
      costEstimate={(calls) => <CostEstimate calls={calls} />}
      onCreated={(campaign) => navigate(campaignPath(campaign.id), { replace: true })}
    />
  );
}
