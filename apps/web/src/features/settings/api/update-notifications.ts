import {
  type Me,
  meSchema,
  type NotificationSettings,
  type UpdateNotificationSettingsInput,
} from '@callwise/shared/schemas/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { api } from '@/lib/api-client';

/** Changes some notification switches; answers the whole `/v1/me`. */
export function updateNotifications(input: UpdateNotificationSettingsInput): Promise<Me> {
  return api.patch('/me/notifications', input, meSchema);
}

const mutationKey = ['me', 'notifications'] as const;

/**
 * Saves a switch as soon as it is flipped: the switch moves at once (optimistic), and moves back, with an
 * error toast, when the server refuses.
 */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();

  return useMutation({
    mutationKey,
    mutationFn: updateNotifications,
    meta: { errorTitle: 'Error updating notifications' },
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey)?.notifications;
      queryClient.setQueryData(queryKey, (me) =>
        me ? { ...me, notifications: { ...me.notifications, ...input } } : me,
      );
      return { previous };
    },
    onError: (_error, input, context) => {
      const previous = context?.previous;
      if (!previous) return;
      // Only the switches of this change go back; another change in flight keeps its own.
      const restore = Object.fromEntries(
        Object.keys(input).map((key) => [key, previous[key as keyof NotificationSettings]]),
      ) as Partial<NotificationSettings>;
      queryClient.setQueryData(queryKey, (me) =>
        me ? { ...me, notifications: { ...me.notifications, ...restore } } : me,
      );
    },
    onSuccess: (me) => {
      // The last change to land has the server's final word on every switch.
      if (queryClient.isMutating({ mutationKey }) === 1) queryClient.setQueryData(queryKey, me);
    },
  });
}
