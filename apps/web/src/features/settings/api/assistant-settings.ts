import {
  type AssistantSettingsInput,
  type AssistantSettingsResponse,
  assistantSettingsSchema,
} from '@callwise/shared/schemas/assistant';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { callsQueryKey } from '@/lib/query-keys';

const assistantSettingsQueryKey = ['assistant-settings'] as const;

/** The phone assistant's settings (the defaults until first saved), with the business number callers call. */
export function getAssistantSettings(signal?: AbortSignal): Promise<AssistantSettingsResponse> {
  return api.get('/assistant', assistantSettingsSchema, signal);
}

export const assistantSettingsQueryOptions = () =>
  queryOptions({
    queryKey: assistantSettingsQueryKey,
    queryFn: ({ signal }) => getAssistantSettings(signal),
    meta: { errorTitle: 'Error loading assistant settings' },
  });

export function useAssistantSettings() {
  return useQuery(assistantSettingsQueryOptions());
}

/** Replaces the whole document; answers it as saved (the transfer number in E.164). */
export function updateAssistantSettings(input: AssistantSettingsInput): Promise<AssistantSettingsResponse> {
  return api.put('/assistant', input, assistantSettingsSchema);
}

/** Saves the assistant settings; the form shows a refusal under its fields (no toast for those). */
export function useUpdateAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssistantSettings,
    meta: { silentErrors: true },
    onSuccess: (settings) => queryClient.setQueryData(assistantSettingsQueryKey, settings),
  });
}

/** One answer of the simulated caller: keys pressed, or words said. */
export type SimulatedInput = { digits: string } | { speech: string };

const simulatedCallSchema = z.object({ call_id: z.string(), from: z.string(), to: z.string() });
export type SimulatedCall = z.infer<typeof simulatedCallSchema>;

/** Places a simulated call from `from` to the business number (only with the simulated carrier; else 409). */
export function placeSimulatedCall(input: {
  from: string;
  inputs: SimulatedInput[];
}): Promise<SimulatedCall> {
  return api.post('/simulator/inbound-calls', input, simulatedCallSchema);
}

export function usePlaceSimulatedCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeSimulatedCall,
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callsQueryKey }),
  });
}
