import {
  type CampaignDetail,
  type CreateCampaignInput,
  campaignDetailSchema,
} from '@callwise/shared/schemas/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignQueryKey } from '@/features/campaigns/api/get-campaign';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Creates the campaign and its calls; the answer lists the contacts the calling rules skipped. */
export function createCampaign(input: CreateCampaignInput): Promise<CampaignDetail> {
  return api.post('/campaigns', input, campaignDetailSchema);
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    // The form says what went wrong, field by field.
    meta: { silentErrors: true },
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignQueryKey(campaign.id), campaign);
      // New calls: the call history, the campaigns and the dashboard.
      return queryClient.invalidateQueries({ queryKey: callsQueryKey });
    },
  });
}
