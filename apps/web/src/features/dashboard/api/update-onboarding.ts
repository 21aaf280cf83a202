import type { Dashboard } from '@callwise/shared/schemas/dashboard';
import {
  type Onboarding,
  onboardingSchema,
  type UpdateOnboardingInput,
} from '@callwise/shared/schemas/dashboard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardQueryKey } from '@/lib/query-keys';

/** Hides (or shows again) the first-run checklist, for the whole account. */
export function updateOnboarding(input: UpdateOnboardingInput): Promise<Onboarding> {
  return api.patch('/dashboard/onboarding', input, onboardingSchema);
}

/** Hide checklist: the dashboard's answer takes the checklist the server answers. */
export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnboarding,
    meta: { errorTitle: 'Error hiding the checklist' },
    onSuccess: (onboarding) => {
      queryClient.setQueryData<Dashboard>(dashboardQueryKey, (dashboard) =>
        dashboard ? { ...dashboard, onboarding } : dashboard,
      );
    },
  });
}
