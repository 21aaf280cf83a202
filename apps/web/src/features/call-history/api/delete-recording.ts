import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { recordingQueryKey } from '@/features/call-history/api/get-recording';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

/** Deletes a call's recording before the 90 days are up (204). */
export function deleteRecording(callId: string): Promise<null> {
  return api.delete(`/calls/${encodeURIComponent(callId)}/recording`, z.null());
}

export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecording,
    meta: { errorTitle: 'Error deleting recording' },
    onSuccess: async (_nothing, callId) => {
      // The call first (its player goes away with its recording_url), then the audio held in memory.
      await queryClient.invalidateQueries({ queryKey: callsQueryKey });
      queryClient.removeQueries({ queryKey: recordingQueryKey(callId) });
    },
  });
}
