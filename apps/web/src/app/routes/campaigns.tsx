import { MegaphoneIcon, PlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCampaigns } from '@/features/campaigns/api/get-campaigns';
import { CampaignList, CampaignListSkeleton } from '@/features/campaigns/components/campaign-list';
import { errorMessage } from '@/lib/errors';

export default function CampaignsPage() {
  const campaigns = useCampaigns();
  const items = campaigns.data?.pages.flatMap((page) => page.data) ?? [];

  const newCampaign = (
    <Button asChild>
      <Link to={paths.newCampaign}>
        <PlusIcon aria-hidden="true" />
        New Campaign
      </Link>
    </Button>
  );

  let body: ReactNode;
  if (campaigns.isPending) {
    body = <CampaignListSkeleton />;
  } else if (campaigns.isError && items.length === 0) {
    body = (
      <LoadError
        title="Your campaigns could not be loaded"
        message={errorMessage(campaigns.error)}
        retrying={campaigns.isFetching}
        onRetry={() => void campaigns.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={MegaphoneIcon}
        title="No campaigns yet"
        description="Call many contacts with one script: choose them one by one or by tag, start now or later, all at once or at your pace."
        action={newCampaign}
      />
    );
  } else {
    body = (
      <div className="grid gap-6">
        <CampaignList
          campaigns={items}
          busy={campaigns.isFetching && !campaigns.isFetchingNextPage}
          dimmed={false}
        />
        <LoadMore
          hasMore={campaigns.hasNextPage}
          loading={campaigns.isFetchingNextPage}
          onLoadMore={() => void campaigns.fetchNextPage()}
          shown={items.length}
          noun={{ one: 'campaign', other: 'campaigns' }}
        />
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        description="One script to many contacts, with the progress and answers of every campaign."
        actions={items.length > 0 ? newCampaign : undefined}
      />
      {body}
    </div>
  );
}
