import { apiErrorSchema } from '@callwise/shared/errors';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';

/** The few `/v1` endpoints anyone may call (the demo, the contact form): no session, no token. */
export interface PublicRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/**
 * GoTrue's error shapes, which an answer that stands in for a sign-in may use: `{code, message}` (2024) or
 * `{code: status, error_code, msg}` (older), with extras such as `weak_password: {reasons, message}`.
 */
const goTrueErrorSchema = z
  .looseObject({
    error_code: z.string().optional(),
    code: z.union([z.string(), z.number()]).optional(),
    msg: z.string().optional(),
    message: z.string().optional(),
  })
  .transform(({ code, ...rest }) => ({ ...rest, code: typeof code === 'string' ? code : undefined }))
  .refine((error) => (error.error_code ?? error.code) && (error.msg ?? error.message));

/**
 * Sends one request to `/v1` (same origin) with an optional JSON body; any failure is thrown as an ApiError
 * (error bodies are JSON). The signed-in client adds its token through `headers`.
 */
export async function sendToApi(
  path: string,
  {
    method = 'POST',
    body,
    signal,
    headers = {},
  }: Omit<PublicRequest, 'method'> & { method?: string; headers?: Record<string, string> },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/v1${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR);
  }
  if (response.ok) return response;
  const answer: unknown = await response.json().catch(() => null);
  const parsed = apiErrorSchema.safeParse(answer);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    throw new ApiError(response.status, code, message, details);
  }
  const goTrue = goTrueErrorSchema.safeParse(answer);
  if (goTrue.success) {
    const { error_code, code, msg, message, ...details } = goTrue.data;
    throw new ApiError(response.status, error_code ?? code ?? 'http_error', msg ?? message ?? '', details);
  }
  throw new ApiError(response.status, 'http_error', `The server answered ${response.status}.`);
}

/** A public JSON endpoint; the answer is checked against the shared schema; failures throw ApiError. */
export async function publicRequest<T>(path: string, schema: z.ZodType<T>, request: PublicRequest = {}) {
  return schema.parse(await (await sendToApi(path, request)).json());
}

/** A public endpoint that answers with a file (the demo's audio); failures throw ApiError. */
export async function publicBlob(path: string, request: PublicRequest = {}): Promise<Blob> {
  return (await sendToApi(path, request)).blob();
}
