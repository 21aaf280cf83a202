import {
  type AssistantSettingsResponse,
  type AvailableNumbers,
  availableNumbersSchema,
  type BusinessNumber,
  businessNumberSchema,
  type TwilioNumbers,
  twilioNumbersSchema,
} from '@callwise/shared/schemas/assistant';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The business number with Twilio (decision 026): the Twilio account's numbers, the ones it could buy, and
 * assigning one (picked, typed or bought) to the account.
 */
const twilioNumbersQueryKey = ['assistant-numbers'] as const;
const assistantSettingsQueryKey = ['assistant-settings'] as const;

export function getTwilioNumbers(signal?: AbortSignal): Promise<TwilioNumbers> {
  return api.get('/assistant/numbers', twilioNumbersSchema, signal);
}

/** Only asked for when Twilio carries the calls (the simulated carrier answers 409). */
export function useTwilioNumbers(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: twilioNumbersQueryKey,
      queryFn: ({ signal }) => getTwilioNumbers(signal),
      enabled,
      meta: { silentErrors: true },
    }),
  );
}

export function searchAvailableNumbers(areaCode: string): Promise<AvailableNumbers> {
  return api.get(
    `/assistant/numbers/available?area_code=${encodeURIComponent(areaCode)}`,
    availableNumbersSchema,
  );
}

/** A search for numbers to buy, run when asked (the form shows a refusal itself). */
export function useSearchAvailableNumbers() {
  return useMutation({ mutationFn: searchAvailableNumbers, meta: { silentErrors: true } });
}

/**
 * After a number changed hands: the settings show the new business number (only that field changes, so an
 * assistant form being edited keeps its edits) and the list's states are read again.
 */
function useRefreshNumbers() {
  const queryClient = useQueryClient();
  return (assigned: BusinessNumber) => {
    queryClient.setQueryData<AssistantSettingsResponse>(assistantSettingsQueryKey, (settings) =>
      settings ? { ...settings, business_number: assigned.business_number } : settings,
    );
    return queryClient.invalidateQueries({ queryKey: twilioNumbersQueryKey });
  };
}

export function assignBusinessNumber(phoneNumber: string): Promise<BusinessNumber> {
  return api.put('/assistant/business-number', { phone_number: phoneNumber }, businessNumberSchema);
}

/** Makes one of the Twilio account's numbers the business number (configured at Twilio by the server). */
export function useAssignBusinessNumber() {
  const refresh = useRefreshNumbers();
  return useMutation({
    mutationFn: assignBusinessNumber,
    meta: { silentErrors: true },
    onSuccess: (assigned) => refresh(assigned),
  });
}

export function buyBusinessNumber(phoneNumber: string): Promise<BusinessNumber> {
  return api.post('/assistant/numbers', { phone_number: phoneNumber }, businessNumberSchema);
}

/** Buys a number Twilio offers and makes it the business number (billed to the Twilio account). */
export function useBuyBusinessNumber() {
  const refresh = useRefreshNumbers();
  return useMutation({
    mutationFn: buyBusinessNumber,
    meta: { silentErrors: true },
    onSuccess: (assigned) => refresh(assigned),
  });
}
