import { type Me, meSchema, type UpdateMeInput } from '@callwise/shared/schemas/me';
import { api } from '@/lib/api-client';

/** Saves the business profile's account side (its time zone); answers the whole `/v1/me`. */
export function updateMe(input: UpdateMeInput): Promise<Me> {
  return api.patch('/me', input, meSchema);
}
