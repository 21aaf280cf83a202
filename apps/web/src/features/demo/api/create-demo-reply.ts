import { type DemoReplyInput, demoReplySchema } from '@callwise/shared/schemas/demo';
import { publicRequest } from '@/lib/public-api';

/** The assistant's answer to the visitor in a demo call (`POST /v1/demo/reply`, no account needed). */
export function createDemoReply(input: DemoReplyInput, signal?: AbortSignal) {
  return publicRequest('/demo/reply', demoReplySchema, { body: input, signal });
}
