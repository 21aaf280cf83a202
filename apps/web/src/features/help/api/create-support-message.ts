import { type SupportMessageInput, supportMessageReceiptSchema } from '@callwise/shared/schemas/support';
import { publicRequest } from '@/lib/public-api';

/** The Help page's contact form: an e-mail to support and a copy to the sender (`POST /v1/support/messages`). */
export function createSupportMessage(input: SupportMessageInput, signal?: AbortSignal) {
  return publicRequest('/support/messages', supportMessageReceiptSchema, { body: input, signal });
}
