import { type CampaignDetail, campaignDetailSchema } from '@callwise/shared/schemas/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignQueryKey } from '@/features/campaigns/api/get-campaign';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

export type CampaignAction = 'pause' | 'resume' | 'cancel';

const ERROR_TITLES: Record<CampaignAction, string> = {
  pause: 'Error pausing campaign',
  resume: 'Error resuming campaign',
  cancel: 'Error cancelling campaign',
};

/** Pauses, resumes or cancels a campaign; 409 with the reason when it cannot. */
export function changeCampaign(id: string, action: CampaignAction): Promise<CampaignDetail> {
  return api.post(`/campaigns/${encodeURIComponent(id)}/${action}`, {}, campaignDetailSchema);
}

export function useChangeCampaign(action: CampaignAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => changeCampaign(id, action),
    meta: { errorTitle: ERROR_TITLES[action] },
    onSuccess: (campaign) => queryClient.setQueryData(campaignQueryKey(campaign.id), campaign),
    // Cancelling changes calls; any change may have raced with another tab: refresh what shows them.
    onSettled: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
