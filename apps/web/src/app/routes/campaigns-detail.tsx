import { SearchXIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCampaign } from '@/features/campaigns/api/get-campaign';
import { CampaignDetailView } from '@/features/campaigns/components/campaign-detail-view';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';

/** One campaign, kept live by the call events (and a refresh every few seconds while it runs). */
export default function CampaignDetailPage() {
  const { id = '' } = useParams();
  const campaign = useCampaign(id);

  if (campaign.isPending) return <Spinner label="Loading campaign..." className="py-16" />;
  if (campaign.isError) {
    const missing =
      isApiError(campaign.error) && (campaign.error.status === 404 || campaign.error.status === 400);
    if (missing) {
      return (
        <EmptyState
          icon={SearchXIcon}
          title="Campaign not found"
          description="It may have been deleted, or the address is wrong."
          action={
            <Button asChild variant="outline">
              <Link to={paths.campaigns}>All campaigns</Link>
            </Button>
          }
        />
      );
    }
    return (
      <LoadError
        title="This campaign could not be loaded"
        message={errorMessage(campaign.error)}
        retrying={campaign.isFetching}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  return <CampaignDetailView campaign={campaign.data} />;
}
