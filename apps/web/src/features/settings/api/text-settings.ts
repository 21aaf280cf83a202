import {
  type TextSettings,
  textSettingsSchema,
  type updateTextSettingsInputSchema,
} from '@callwise/shared/schemas/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type UpdateTextSettingsInput = z.infer<typeof updateTextSettingsInputSchema>;

export const textSettingsQueryKey = ['text-settings'] as const;

/** The texts after calls: which call types that reached nobody are followed by a text, and the text-back. */
export function getTextSettings(signal?: AbortSignal): Promise<TextSettings> {
  return api.get('/text-settings', textSettingsSchema, signal);
}

export const textSettingsQueryOptions = () =>
  queryOptions({
    queryKey: textSettingsQueryKey,
    queryFn: ({ signal }) => getTextSettings(signal),
    meta: { errorTitle: 'Error loading the texts after calls' },
  });

export function useTextSettings() {
  return useQuery(textSettingsQueryOptions());
}

/** Changes the fields given (a partial update); answers all of them. */
export function updateTextSettings(input: UpdateTextSettingsInput): Promise<TextSettings> {
  return api.put('/text-settings', input, textSettingsSchema);
}

/** Saves the texts; the form shows a refusal under its fields (no toast for those). */
export function useUpdateTextSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTextSettings,
    meta: { silentErrors: true },
    onSuccess: (settings) => queryClient.setQueryData(textSettingsQueryKey, settings),
  });
}
