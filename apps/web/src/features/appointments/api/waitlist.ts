import {
  type CreateWaitlistEntryInput,
  type SlotOffer,
  slotOfferSchema,
  type WaitlistEntry,
  waitlistEntrySchema,
} from '@callwise/shared/schemas/waitlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { waitlistQueryKey } from '@/lib/query-keys';

const entriesSchema = z.object({ data: z.array(waitlistEntrySchema) });
const offersSchema = z.object({ data: z.array(slotOfferSchema) });

/** Who waits for a time to free up, longest waiting first. */
export function useWaitlist() {
  return useQuery({
    queryKey: [...waitlistQueryKey, 'entries'],
    queryFn: async ({ signal }): Promise<WaitlistEntry[]> =>
      (await api.get('/waitlist', entriesSchema, signal)).data,
    meta: { errorTitle: 'Error loading the waitlist' },
  });
}

/** The freed slots offered to the waitlist, newest first, with who was called and who took it. */
export function useSlotOffers() {
  return useQuery({
    queryKey: [...waitlistQueryKey, 'offers'],
    queryFn: async ({ signal }): Promise<SlotOffer[]> =>
      (await api.get('/waitlist/offers', offersSchema, signal)).data,
    meta: { errorTitle: 'Error loading the freed slots' },
    // Calls to the waitlist go on in the background: their progress shows without a reload.
    refetchInterval: 15_000,
  });
}

export function useAddToWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWaitlistEntryInput) => api.post('/waitlist', input, waitlistEntrySchema),
    meta: { errorTitle: 'Error adding to the waitlist' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}

export function useRemoveFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/waitlist/${encodeURIComponent(id)}`, z.null()),
    meta: { errorTitle: 'Error removing from the waitlist' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistQueryKey }),
  });
}
